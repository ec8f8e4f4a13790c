import json from '../../data/provider-rules.json';
import { validatedAtBuild } from './validatedAtBuild';
import type { ProviderRule, ProviderRules } from './schemas';

/** data/provider-rules.json, validated by the build (dataFiles.ts). */
export const providerRules: ProviderRules = validatedAtBuild<ProviderRules>(json);

/** The rule whose reserve and headroom the deployment has, if any: a link carries the figures, and the rule follows from them. */
export function ruleOfDeployment(d: { reservedPercent: number; headroomPercent: number }): ProviderRule | null {
  return (
    providerRules.rules.find((r) => r.reservedPercent === d.reservedPercent && r.headroomPercent === d.headroomPercent) ?? null
  );
}
