import { deflateSync, inflateSync, strFromU8, strToU8 } from 'fflate';
import type { z } from '../data/zod';
import { fromBase64Url, toBase64Url } from './base64url';
import { DEFAULT_SCENARIO } from './defaults';
import { dropRetiredInstanceType, pinFormat1Lines, withLineChoice } from './linkCompat';
import { scenarioFieldsSchema, scenarioSchema, workloadSchema, type Scenario } from './schema';
import { viewSchema, type View } from './view';

/**
 * Share links: `v=<format>&s=<payload>` in the URL fragment, where the payload is the scenario
 * and view as JSON, deflated and base64url-encoded. The fragment never reaches a server. Every
 * format ever released keeps decoding: an old format is migrated step by step to the current.
 */
export const LINK_FORMAT = 2;

/** Migrations from format n to n + 1, keyed by n. Format 1 is the first released format. */
export const LINK_MIGRATIONS: Record<number, (payload: unknown) => unknown> = { 1: pinFormat1Lines };

export const MAX_LINK_PAYLOAD_CHARS = 24_000;
const MAX_INFLATED_BYTES = 256 * 1024;

export interface LinkState {
  scenario: Scenario;
  view: View;
}

export type LinkDecodeResult =
  | { ok: true; state: LinkState; embed: boolean; notices: string[] }
  | { ok: false; error: string; embed: boolean; state: LinkState };

const DEFAULT_STATE: LinkState = { scenario: DEFAULT_SCENARIO, view: {} };

/** Fragment parameters: `a=1&b=2`, decoded; later duplicates win. */
function fragmentParams(fragment: string): Map<string, string> {
  const params = new Map<string, string>();
  for (const part of fragment.replace(/^#/, '').split('&')) {
    if (!part) continue;
    const eq = part.indexOf('=');
    const key = eq < 0 ? part : part.slice(0, eq);
    const value = eq < 0 ? '' : part.slice(eq + 1);
    try {
      params.set(decodeURIComponent(key), decodeURIComponent(value));
    } catch {
      params.set(key, value);
    }
  }
  return params;
}

/** The URL fragment (without '#') for a state; empty for the defaults. */
export function encodeLink(state: LinkState, options: { embed?: boolean } = {}): string {
  const isDefault = JSON.stringify(state.scenario) === JSON.stringify(DEFAULT_SCENARIO) && Object.keys(state.view).length === 0;
  const params: string[] = [];
  if (!isDefault) {
    const json = JSON.stringify({ scenario: withLineChoice(state.scenario), view: state.view });
    params.push(`v=${LINK_FORMAT}`, `s=${toBase64Url(deflateSync(strToU8(json), { level: 9 }))}`);
  }
  if (options.embed) params.push('embed=1');
  return params.join('&');
}

const fail = (error: string, embed: boolean): LinkDecodeResult => ({ ok: false, error, embed, state: DEFAULT_STATE });

function issueText(error: z.core.$ZodError): string {
  return error.issues.map((i) => `${i.path.length ? i.path.join('.') + ': ' : ''}${i.message}`).join('; ');
}

/** Keeps what is valid of a damaged scenario, saying what was left out. */
function salvageScenario(raw: unknown, notices: string[]): Scenario {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    notices.push('the link holds no scenario: opened the defaults');
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
      notices.push(`ignored unknown setting "${key.slice(0, 40)}"`);
      continue;
    }
    const parsed = field.safeParse(value);
    if (parsed.success) kept[key] = parsed.data;
    else notices.push(`ignored ${key}: ${issueText(parsed.error)}`);
  }
  const workloads = Array.isArray(record.workloads) ? record.workloads : [];
  const valid: unknown[] = [];
  workloads.slice(0, 100).forEach((w, i) => {
    const parsed = workloadSchema.safeParse(w);
    if (!parsed.success) notices.push(`left out workload ${i + 1}: ${issueText(parsed.error)}`);
    else if (valid.some((v) => (v as { name: string }).name === parsed.data.name))
      notices.push(`left out workload ${i + 1}: its name is used twice`);
    else valid.push(parsed.data);
  });
  if (workloads.length > 100) notices.push(`left out ${workloads.length - 100} workloads past the limit of 100`);
  if (valid.length === 0) {
    notices.push('no valid workload in the link: opened the default workload');
    kept.workloads = DEFAULT_SCENARIO.workloads;
  } else kept.workloads = valid;
  const final = scenarioSchema.safeParse(kept);
  if (final.success) return final.data;
  notices.push(`the scenario did not hold together (${issueText(final.error)}): opened the defaults`);
  return DEFAULT_SCENARIO;
}

function salvageView(raw: unknown, notices: string[]): View {
  if (raw === undefined) return {};
  const parsed = viewSchema.safeParse(raw);
  if (parsed.success) return parsed.data;
  if (typeof raw !== 'object' || raw === null) return {};
  const view: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(raw)) {
    const field = Object.hasOwn(viewSchema.shape, key) ? viewSchema.shape[key as keyof typeof viewSchema.shape] : undefined;
    const ok = field?.safeParse(value);
    if (ok?.success) view[key] = ok.data;
    else notices.push(`ignored display setting "${key.slice(0, 40)}"`);
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
  if (formatText === null || !/^\d{1,4}$/.test(formatText))
    return fail('This link has no valid format version; the defaults are shown.', embed);
  const format = Number(formatText);
  if (format > LINK_FORMAT)
    return fail(`This link was made by a newer version of the planner (format ${format}); the defaults are shown.`, embed);
  if (format < 1) return fail(`Link format ${format} does not exist; the defaults are shown.`, embed);
  if (payload === null || payload === '') return fail('This link has no scenario in it; the defaults are shown.', embed);
  if (payload.length > MAX_LINK_PAYLOAD_CHARS)
    return fail(
      `This link is too long (${payload.length} characters; at most ${MAX_LINK_PAYLOAD_CHARS}); the defaults are shown.`,
      embed,
    );
  const bytes = fromBase64Url(payload);
  if (!bytes) return fail('This link is damaged (characters that do not belong in it); the defaults are shown.', embed);
  let json: string;
  try {
    const inflated = inflateSync(bytes, { out: new Uint8Array(MAX_INFLATED_BYTES + 1) });
    if (inflated.length > MAX_INFLATED_BYTES)
      return fail('This link unpacks to more data than any scenario needs; the defaults are shown.', embed);
    json = strFromU8(inflated);
  } catch {
    return fail('This link is damaged or cut off (it does not unpack); the defaults are shown.', embed);
  }
  let data: unknown;
  try {
    data = JSON.parse(json);
  } catch {
    return fail('This link is damaged (its contents are not valid JSON); the defaults are shown.', embed);
  }
  for (let f = format; f < LINK_FORMAT; f++) {
    const migrate = LINK_MIGRATIONS[f];
    if (!migrate) return fail(`No migration from link format ${f}; the defaults are shown.`, embed);
    data = migrate(data);
  }
  if (typeof data !== 'object' || data === null) return fail('This link holds no scenario; the defaults are shown.', embed);
  const notices: string[] = [];
  data = dropRetiredInstanceType(data, notices);
  const record = data as Record<string, unknown>;
  const scenario = salvageScenario(record.scenario, notices);
  const view = salvageView(record.view, notices);
  return { ok: true, state: { scenario, view }, embed, notices };
}
