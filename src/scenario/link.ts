import { inflateSync, strFromU8 } from 'fflate';
import type { z } from '../data/zod';
import { fromBase64Url } from './base64url';
import { DEFAULT_SCENARIO } from './defaults';
import { pinFormat1Lines, sizesAsWritten } from './linkCompat';
import { fragmentParams, LINK_FORMAT, type LinkState } from './linkFragment';
import type { IssueList, LinkError, LinkNotice, WorkloadRef } from './linkNotice';
import { schemaIssue } from './schemaIssue';
import { LIMITS, scenarioFieldsSchema, scenarioSchema, workloadSchema, type Scenario, type Workload } from './schema';
import { viewSchema, type View } from './view';
import { fieldSpec, isOptionalFor, type WorkloadFieldSpec } from './workloadFields';

/**
 * Share links: `v=<format>&s=<payload>` in the URL fragment, where the payload is the scenario
 * and view as JSON, deflated and base64url-encoded. The fragment never reaches a server. Every
 * format ever released keeps decoding: an old format is migrated step by step to the current.
 * Writing a link (linkFragment.ts) needs no schema; reading one validates it with zod, here.
 */
export { carriesState, LINK_FORMAT, type LinkState } from './linkFragment';
export { encodeLink } from './linkWriter';

/** Migrations from format n to n + 1, keyed by n. Format 1 is the first released format. */
export const LINK_MIGRATIONS: Record<number, (payload: unknown) => unknown> = { 1: pinFormat1Lines, 2: sizesAsWritten };

export const MAX_LINK_PAYLOAD_CHARS = 24_000;
const MAX_INFLATED_BYTES = 256 * 1024;

export type LinkDecodeResult =
  | { ok: true; state: LinkState; embed: boolean; notices: LinkNotice[] }
  | { ok: false; error: LinkError; embed: boolean; state: LinkState };

const DEFAULT_STATE: LinkState = { scenario: DEFAULT_SCENARIO, view: {} };

const fail = (error: LinkError, embed: boolean): LinkDecodeResult => ({ ok: false, error, embed, state: DEFAULT_STATE });

/** Issues named per notice, and notices kept in all: a hostile link can carry thousands of each. */
const MAX_ISSUES_NAMED = 3;
const MAX_NOTICES = 5;

function issueList(issues: readonly z.core.$ZodIssue[]): IssueList {
  return {
    issues: issues.slice(0, MAX_ISSUES_NAMED).map((i) => schemaIssue(i)),
    more: Math.max(0, issues.length - MAX_ISSUES_NAMED),
  };
}

/** A few notices, then how many more there were. */
function boundedNotices(notices: LinkNotice[]): LinkNotice[] {
  const kept = notices.slice(0, MAX_NOTICES);
  const rest = notices.length - MAX_NOTICES;
  if (rest > 0) kept.push({ code: 'moreProblems', count: rest });
  return kept;
}

/**
 * The fields an issue of a workload points at, if the workload holds without them: keys the
 * schema does not know, and fields its type may do without (workloadFields.ts). Null when the
 * issue is with a field the workload cannot lose.
 */
function droppableFields(issue: z.core.$ZodIssue, type: unknown, raw: Record<string, unknown>): string[] | null {
  if (issue.code === 'unrecognized_keys' && issue.path.length === 0) return issue.keys;
  const key = issue.path[0];
  const field = typeof key === 'string' ? fieldSpec(key) : undefined;
  if (!field) return null;
  return isOptionalFor(field, type) || badDistributionWithDefault(field, raw) ? [field.key] : null;
}

/**
 * A distribution that is not usable, in a field whose default the workload can take instead
 * (fields: 10, fieldBytes: 8). A bad key-name or value-size distribution has no default to
 * fall back to: its workload is left out, with the notice naming it.
 */
function badDistributionWithDefault(field: WorkloadFieldSpec, raw: Record<string, unknown>): boolean {
  const value = raw[field.key];
  return field.varies === true && typeof value === 'object' && value !== null && field.default !== undefined;
}

/**
 * One workload of a link: kept whole, kept without each field that is bad or does not belong
 * (fieldBytes on a string workload, an unknown growth, an unknown key), or left out when a
 * field it needs is bad; each with a notice naming the field and why.
 */
function salvageWorkload(raw: unknown, workload: WorkloadRef, notices: LinkNotice[]): Workload | null {
  const parsed = workloadSchema.safeParse(raw);
  if (parsed.success) return parsed.data;
  if (typeof raw === 'object' && raw !== null && !Array.isArray(raw)) {
    const without: Record<string, unknown> = { ...raw };
    const ignored: z.core.$ZodIssue[] = [];
    let issues = parsed.error.issues;
    // Checks across fields run once each field holds alone: a later round can find more to drop.
    for (let round = 0; round < 4; round++) {
      const drops = issues.map((issue) => droppableFields(issue, without.type, without));
      if (drops.some((keys) => keys === null)) break;
      for (const key of drops.flat()) {
        const field = fieldSpec(key as string);
        // A bad distribution gives way to the field's default where the type needs the field.
        if (field && badDistributionWithDefault(field, without) && !isOptionalFor(field, without.type))
          without[field.key] = field.default;
        else delete without[key as string];
      }
      ignored.push(...issues);
      const retried = workloadSchema.safeParse(without);
      if (retried.success) {
        notices.push({ code: 'workloadPartIgnored', workload, issues: issueList(ignored) });
        return retried.data;
      }
      issues = retried.error.issues;
    }
  }
  notices.push({ code: 'workloadLeftOut', workload, issues: issueList(parsed.error.issues) });
  return null;
}

/**
 * Removes what a scenario-wide issue points at: the workload it names, or the setting at its
 * path (deployment.instanceType, versions). Returns false when the issue names nothing that can go.
 */
function dropIssueTarget(
  kept: Record<string, unknown>,
  labels: WorkloadRef[],
  issue: z.core.$ZodIssue,
  notices: LinkNotice[],
): boolean {
  const [top, index] = issue.path;
  if (top === 'workloads' && typeof index === 'number') {
    const workloads = kept.workloads as unknown[];
    if (index >= workloads.length || workloads.length === 1) return false;
    notices.push({ code: 'workloadLeftOut', workload: labels[index]!, issues: { issues: [schemaIssue(issue, true)], more: 0 } });
    workloads.splice(index, 1);
    labels.splice(index, 1);
    return true;
  }
  if (typeof top !== 'string' || top === 'schema' || top === 'workloads') return false;
  // Parsed values are fresh copies: the setting is removed from them in place.
  let parent: Record<string, unknown> = kept;
  const path = issue.path.map(String);
  for (const key of path.slice(0, -1)) {
    const next = Object.hasOwn(parent, key) ? parent[key] : undefined;
    if (typeof next !== 'object' || next === null) return false;
    parent = next as Record<string, unknown>;
  }
  const leaf = path[path.length - 1]!;
  if (!Object.hasOwn(parent, leaf)) return false;
  notices.push({ code: 'settingIgnored', setting: path.join('.'), issues: { issues: [schemaIssue(issue, true)], more: 0 } });
  delete parent[leaf];
  return true;
}

const workloadIndex = (issue: z.core.$ZodIssue) =>
  issue.path[0] === 'workloads' && typeof issue.path[1] === 'number' ? issue.path[1] : -1;

/** Keeps what is valid of a damaged scenario, field by field, saying what was left out. */
function salvageScenario(raw: unknown, notices: LinkNotice[]): Scenario {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    notices.push({ code: 'noScenario' });
    return DEFAULT_SCENARIO;
  }
  const record = raw as Record<string, unknown>;
  const kept: Record<string, unknown> = { schema: 1 };
  const shape = scenarioFieldsSchema.shape;
  for (const [key, value] of Object.entries(record)) {
    if (key === 'schema' || key === 'workloads') continue;
    // Own keys only: "toString" or "__proto__" in a link must not reach Object.prototype.
    const field = Object.hasOwn(shape, key) ? shape[key as keyof typeof shape] : undefined;
    if (!field) {
      notices.push({ code: 'unknownSetting', setting: key.slice(0, 40) });
      continue;
    }
    const parsed = field.safeParse(value);
    if (parsed.success) kept[key] = parsed.data;
    else notices.push({ code: 'settingIgnored', setting: key, issues: issueList(parsed.error.issues) });
  }
  const workloads = Array.isArray(record.workloads) ? record.workloads : [];
  const valid: Workload[] = [];
  const labels: WorkloadRef[] = [];
  workloads.slice(0, LIMITS.workloads).forEach((w, i) => {
    const label = { number: i + 1, isDefault: false };
    const workload = salvageWorkload(w, label, notices);
    if (workload) {
      valid.push(workload);
      labels.push(label);
    }
  });
  if (workloads.length > LIMITS.workloads)
    notices.push({ code: 'workloadsPastLimit', count: workloads.length - LIMITS.workloads, limit: LIMITS.workloads });
  if (valid.length === 0) {
    notices.push({ code: 'noValidWorkload' });
    kept.workloads = [...DEFAULT_SCENARIO.workloads];
    labels.splice(0, labels.length, ...DEFAULT_SCENARIO.workloads.map((_, i) => ({ number: i + 1, isDefault: true })));
  } else kept.workloads = valid;
  // Fields valid alone may conflict with each other (a name used twice, an instance type not in
  // the catalog): drop what each remaining issue names and check again, until the rest holds.
  for (let attempt = 0; attempt < 3; attempt++) {
    const final = scenarioSchema.safeParse(kept);
    if (final.success) return final.data;
    // Later workloads first, so that removing one leaves the indices of the others as issued.
    const issues = [...final.error.issues].sort((a, b) => workloadIndex(b) - workloadIndex(a));
    const droppedWorkloads = new Set<number>();
    let dropped = false;
    for (const issue of issues) {
      const index = workloadIndex(issue);
      if (droppedWorkloads.has(index) || !dropIssueTarget(kept, labels, issue, notices)) continue;
      dropped = true;
      if (index >= 0) droppedWorkloads.add(index);
    }
    if (!dropped) {
      notices.push({ code: 'scenarioBroken', issues: issueList(final.error.issues) });
      return DEFAULT_SCENARIO;
    }
  }
  notices.push({ code: 'scenarioBroken', issues: null });
  return DEFAULT_SCENARIO;
}

function salvageView(raw: unknown, notices: LinkNotice[]): View {
  if (raw === undefined) return {};
  const parsed = viewSchema.safeParse(raw);
  if (parsed.success) return parsed.data;
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    notices.push({ code: 'viewNotSettings' });
    return {};
  }
  const view: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(raw)) {
    const field = Object.hasOwn(viewSchema.shape, key) ? viewSchema.shape[key as keyof typeof viewSchema.shape] : undefined;
    const ok = field?.safeParse(value);
    if (ok?.success) view[key] = ok.data;
    else notices.push({ code: 'viewSettingIgnored', setting: key.slice(0, 40) });
  }
  return view;
}

/**
 * Reads a URL fragment (with or without '#'). Never throws: a damaged or hostile link yields the
 * defaults, or the part that is valid, with notices that say what was wrong.
 */
export function decodeLink(fragment: string): LinkDecodeResult {
  const params = fragmentParams(fragment);
  const embed = params.get('embed') === '1';
  const payload = params.get('s') ?? null;
  const formatText = params.get('v') ?? null;
  if (payload === null && formatText === null) return { ok: true, state: DEFAULT_STATE, embed, notices: [] };
  if (formatText === null || !/^\d{1,4}$/.test(formatText)) return fail({ code: 'noFormat' }, embed);
  const format = Number(formatText);
  if (format > LINK_FORMAT) return fail({ code: 'newerFormat', format }, embed);
  if (format < 1) return fail({ code: 'unknownFormat', format }, embed);
  if (payload === null || payload === '') return fail({ code: 'noPayload' }, embed);
  if (payload.length > MAX_LINK_PAYLOAD_CHARS)
    return fail({ code: 'tooLong', length: payload.length, limit: MAX_LINK_PAYLOAD_CHARS }, embed);
  const bytes = fromBase64Url(payload);
  if (!bytes) return fail({ code: 'badCharacters' }, embed);
  let json: string;
  try {
    const inflated = inflateSync(bytes, { out: new Uint8Array(MAX_INFLATED_BYTES + 1) });
    if (inflated.length > MAX_INFLATED_BYTES) return fail({ code: 'tooBig' }, embed);
    json = strFromU8(inflated);
  } catch {
    return fail({ code: 'doesNotUnpack' }, embed);
  }
  let data: unknown;
  try {
    data = JSON.parse(json);
  } catch {
    return fail({ code: 'notJson' }, embed);
  }
  for (let f = format; f < LINK_FORMAT; f++) {
    const migrate = LINK_MIGRATIONS[f];
    if (!migrate) return fail({ code: 'noMigration', format: f }, embed);
    data = migrate(data);
  }
  if (typeof data !== 'object' || data === null) return fail({ code: 'noScenario' }, embed);
  const notices: LinkNotice[] = [];
  const record = data as Record<string, unknown>;
  const scenario = salvageScenario(record.scenario, notices);
  const view = salvageView(record.view, notices);
  return { ok: true, state: { scenario, view }, embed, notices: boundedNotices(notices) };
}
