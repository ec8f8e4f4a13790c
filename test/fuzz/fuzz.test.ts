import fc from 'fast-check';
import { performance } from 'node:perf_hooks';
import { describe, expect, it } from 'vitest';
import { runEstimate } from '../../src/cli/estimate';
import { printable } from '../../src/cli/terminalText';
import { analyzeInfo } from '../../src/info/analyze';
import { parseInfo } from '../../src/info/parse';
import {
  datasetBytesOnLines,
  estimateScenario,
  introCorrectionForDataset,
  introCorrectionPerTerabyte,
  workloadBreakdown,
} from '../../src/model';
import { LINES, type LineId } from '../../src/model/lineRegistry';
import { toCsv } from '../../src/ui/export/formats';
import { parseCsv } from '../export/csv';
import { TERMINAL_CONTROLS } from '../support/terminalControls';
import { decodeLink, encodeLink } from '../../src/scenario/link';
import { scenarioSchema, type Scenario } from '../../src/scenario/schema';
import { resolveScenario } from '../../src/scenario/resolve';
import { linkNoticeText } from '../../src/scenario/linkNotice';
import { parseBytes, parseCount, parseDecimal } from '../../src/scenario/humanInput';
import {
  ambiguousCommaFigure,
  cliInput,
  cliInputWithEscapes,
  exportCell,
  extremeScenarioJson,
  infoText,
  infoTotalsText,
  link,
  localeFigure,
  workloadWithStrayFields,
} from './generators';

/**
 * Inputs per property. CI keeps these counts; a local pass sets FUZZ_RUNS (10000 for the
 * 10,000-input run per surface) to try more.
 */
const runs = (ciCount: number) => Number(process.env.FUZZ_RUNS ?? ciCount);

/**
 * A guard against work that grows with the input (minutes, as per-slot sums once took), not a
 * timing: an estimate takes milliseconds, so only a runaway trips it.
 */
const ESTIMATE_GUARD_MS = 10_000;

/**
 * Figures that may be below zero: changes, comparisons and residuals against a measurement, and
 * the INFO reconciliation's unexplained part, which is negative when the model of the keys
 * exceeds what used_memory leaves for them (its row is named by its part code, not its path).
 */
const SIGNED =
  /change|percent|residual|unexplained|introError|\[(startup|clients|replicationBacklog|aofBuffer|scripts|clusterLinks)\]\.bytes$|a saving\)\]\.bytesPerKey$/i;

/** A figure written with an exponent ("5.78e+21", "1e-7") where a reader expects digits. */
const RAW_EXPONENT = /\d(\.\d+)?e[+-]\d/i;

/** Every number is finite, and a size or count is not negative. Returns the first problem found. */
function insanity(value: unknown, path = '$'): string | null {
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return `${path} is ${value}`;
    if (value < 0 && !SIGNED.test(path)) return `${path} is negative (${value})`;
    return null;
  }
  // null marks a figure that is absent (nothing to compare, an unknown value), not a broken one.
  if (value === null || typeof value !== 'object') return null;
  const { part, component } = value as { part?: unknown; component?: unknown };
  const name = typeof part === 'string' ? part : component;
  const named = typeof name === 'string' ? `${path}[${name}]` : path;
  for (const [key, child] of Object.entries(value)) {
    const found = insanity(child, `${named}.${key}`);
    if (found) return found;
  }
  return null;
}

/** The output less the workload names of the scenario it was given, as the CLI prints them. */
function withoutNames(output: string, input: string): string {
  const names = (JSON.parse(input.replace(/^\uFEFF/, '')) as { workloads: Array<{ name: string }> }).workloads.map((w) =>
    printable(w.name.trim()),
  );
  return names.reduce((text, name) => text.split(name).join(''), output);
}

function guarded<T>(what: string, run: () => T): T {
  const start = performance.now();
  const result = run();
  expect(performance.now() - start, `${what} ran past the guard`).toBeLessThan(ESTIMATE_GUARD_MS);
  return result;
}

function checkEstimate(scenario: Scenario) {
  const resolved = resolveScenario(scenario);
  const estimate = guarded('estimate', () => estimateScenario(resolved));
  expect(insanity(estimate)).toBeNull();
  const line = resolved.versions[0]!;
  const last = resolved.workloads.length - 1;
  const parts = guarded('breakdown', () => workloadBreakdown(resolved, line, last));
  expect(insanity(parts)).toBeNull();
  // The "1 TB on 7.2" rows scale the scenario's own dataset: no keys must not become NaN.
  const bytes = datasetBytesOnLines(resolved, LINES.ids);
  const byLine = Object.fromEntries(LINES.ids.map((id, i) => [id, bytes[i]!])) as Record<LineId, number>;
  expect(insanity(introCorrectionPerTerabyte(byLine))).toBeNull();
  expect(insanity(introCorrectionForDataset(byLine))).toBeNull();
}

describe('fuzz: share links', () => {
  it('decode without throwing to a valid scenario that re-encodes stably and estimates sanely', () => {
    fc.assert(
      fc.property(link, (fragment) => {
        const result = decodeLink(fragment);
        expect(scenarioSchema.safeParse(result.state.scenario).success).toBe(true);
        const again = encodeLink(result.state);
        const reread = decodeLink(again);
        expect(reread.ok && reread.notices).toEqual([]);
        // A link writes out the lines it compares (format 2): re-encoding may spell out what was
        // implied, never change what the scenario means.
        expect(resolveScenario(reread.state.scenario)).toEqual(resolveScenario(result.state.scenario));
        expect(reread.state.view).toEqual(result.state.view);
        expect(encodeLink(reread.state)).toBe(again);
        if (result.ok) expect(result.notices.length).toBeLessThanOrEqual(6);
        checkEstimate(result.state.scenario);
      }),
      { numRuns: runs(400) },
    );
  }, 3_600_000);

  it('with zero and extreme counts estimate sanely, the "1 TB" rows included', () => {
    fc.assert(
      fc.property(extremeScenarioJson, (json) => {
        const parsed = scenarioSchema.safeParse(json);
        expect(parsed.error?.message).toBeUndefined();
        checkEstimate(parsed.data!);
      }),
      { numRuns: runs(150) },
    );
  }, 3_600_000);
});

describe('fuzz: INFO texts', () => {
  it('parse and analyse without throwing, to finite, non-negative figures', () => {
    fc.assert(
      fc.property(infoText, (text) => {
        const parsed = parseInfo(text);
        if (!parsed.ok) {
          expect(parsed.error.length).toBeGreaterThan(0);
          return;
        }
        const analysis = guarded('INFO analysis', () => analyzeInfo(parsed.info));
        expect(insanity(analysis)).toBeNull();
      }),
      { numRuns: runs(600) },
    );
  }, 3_600_000);

  it('with impossible totals and negative or oversized parts: refused, or sane figures and a scenario the schema takes', () => {
    fc.assert(
      fc.property(fc.oneof(infoTotalsText, infoText), (text) => {
        const parsed = parseInfo(text);
        if (!parsed.ok) {
          expect(parsed.error.length).toBeGreaterThan(0);
          return;
        }
        const analysis = guarded('INFO analysis', () => analyzeInfo(parsed.info));
        expect(insanity(analysis)).toBeNull();
        expect(analysis.observedBytesPerKey === null || analysis.observedBytesPerKey >= 1).toBe(true);
        if (analysis.scenario) {
          // "Use as scenario" loads exactly this: a scenario the planner rejects would be lost.
          expect(scenarioSchema.safeParse(analysis.scenario).success).toBe(true);
          const reopened = decodeLink(encodeLink({ scenario: analysis.scenario, view: {} }));
          expect(reopened.ok && reopened.notices).toEqual([]);
        }
      }),
      { numRuns: runs(600) },
    );
  }, 3_600_000);
});

describe('fuzz: CLI scenario files', () => {
  it('answer with a result or a message, never a throw, NaN or a negative size', () => {
    fc.assert(
      fc.property(cliInput, fc.constantFrom('json', 'table'), (text, format) => {
        const out = guarded('CLI estimate', () => runEstimate(['--format', format, '-'], () => text));
        expect([0, 1]).toContain(out.code);
        if (out.code !== 0) {
          expect(out.stderr.length).toBeGreaterThan(0);
          expect(out.stdout).toBe('');
          return;
        }
        expect(out.stdout).not.toMatch(/NaN|Infinity|undefined/);
        if (format === 'json') expect(insanity(JSON.parse(out.stdout))).toBeNull();
      }),
      { numRuns: runs(250) },
    );
  }, 3_600_000);

  it('print no raw exponent at any magnitude, and nothing a terminal would act on', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          extremeScenarioJson.map((s) => JSON.stringify(s)),
          cliInputWithEscapes,
          cliInput,
        ),
        (text) => {
          const table = runEstimate(['--format', 'table', '-'], () => text);
          const json = runEstimate(['-'], () => text);
          for (const out of [table, json]) {
            expect(out.stdout).not.toMatch(TERMINAL_CONTROLS);
            expect(out.stderr).not.toMatch(TERMINAL_CONTROLS);
          }
          // The table is for people; JSON numbers may take an exponent, as JSON does. Names are the
          // input's own text ("w\u202e+0" reads like 202e+0): only the figures are checked.
          if (table.code === 0) expect(withoutNames(table.stdout, text)).not.toMatch(RAW_EXPONENT);
        },
      ),
      { numRuns: runs(150) },
    );
  }, 3_600_000);
});

describe('fuzz: CSV export', () => {
  it('writes no cell a spreadsheet would run as a formula, and reads back to the cells (defused)', () => {
    fc.assert(
      fc.property(fc.array(fc.array(exportCell, { minLength: 1, maxLength: 4 }), { minLength: 1, maxLength: 5 }), (rows) => {
        const csv = toCsv({ headers: rows[0]!, rows: rows.slice(1) });
        const read = parseCsv(csv);
        for (const [r, row] of read.entries())
          for (const [c, cell] of row.entries()) {
            // A cell that is nothing but a negative number is a figure, which no spreadsheet runs.
            if (!/^-\d+(\.\d+)?$/.test(cell)) expect(cell).not.toMatch(/^[=+\-@\t\r]|^ +[=+\-@]/);
            const written = rows[r]![c]!;
            expect(cell === written || cell === `'${written}`).toBe(true);
          }
      }),
      { numRuns: runs(500) },
    );
  }, 3_600_000);
});

describe('fuzz: a case it found', () => {
  it('a model of the keys above used_memory is a negative unexplained part, and nothing else is negative', () => {
    const parsed = parseInfo('db0:keys=2,expires=0,avg_ttl=0\nused_memory:1008\nredis_version:7.0.15');
    if (!parsed.ok) throw new Error(parsed.error);
    const reconciliation = analyzeInfo(parsed.info).reconciliation!;
    expect(reconciliation.rows.find((r) => r.part === 'unexplained')!.bytes).toBeLessThan(0);
    expect(insanity(reconciliation)).toBeNull();
  });
});

describe('fuzz: cases the full suite found', () => {
  // An integer value narrows valueBytes to 1-19 digits; the check across fields read valueBytes
  // before knowing it was a size at all, and threw on [] or null.
  it.each([[[]], [null], ['12'], [{ kind: 'range' }]])(
    'an int workload with valueBytes %j is refused with a message, not a throw',
    (valueBytes) => {
      const workload = { name: 'a', keys: 1, keyBytes: 1, type: 'string', valueBytes, ttlFraction: 0, valueKind: 'int' };
      const out = runEstimate(['-'], () => JSON.stringify({ schema: 1, workloads: [workload] }));
      expect(out.code).toBe(1);
      expect(out.stderr).toMatch(/valueBytes/);
      const opened = decodeLink(encodeLink({ scenario: { schema: 1, workloads: [workload as never] } as never, view: {} }));
      expect(
        opened.state.scenario.workloads.every((w) => typeof w.valueBytes === 'number' || typeof w.valueBytes === 'object'),
      ).toBe(true);
    },
  );
});

describe('fuzz: cases the 10,000-input pass found', () => {
  it('a name with a bidi override and "+0" ("w\\u202e+0") prints escaped, and its figures have no exponent', () => {
    const text = JSON.stringify({
      schema: 1,
      workloads: [{ name: 'w\u202e+0', keys: 10, keyBytes: 16, type: 'string', valueBytes: 16, ttlFraction: 0 }],
    });
    const out = runEstimate(['--format', 'table', '-'], () => text);
    expect(out.stdout).toContain('w\\u202e+0');
    expect(withoutNames(out.stdout, text)).not.toMatch(RAW_EXPONENT);
  });
});

describe('fuzz: a link loses a stray workload field alone (issue 32, item 2)', () => {
  it('every optional field and unknown key, set to anything: the workload stays, each field kept or named and dropped', () => {
    const other = { name: 'other', keys: 1, keyBytes: 1, type: 'string', valueBytes: 1, ttlFraction: 0 };
    fc.assert(
      fc.property(workloadWithStrayFields, ({ workload, stray, raw }) => {
        fc.pre(workload.name !== other.name);
        const result = decodeLink(encodeLink({ scenario: { schema: 1, workloads: [raw as never, other as never] }, view: {} }));
        expect(result.state.scenario.workloads.map((w) => w.name)).toEqual([workload.name, 'other']);
        const opened = result.state.scenario.workloads[0] as Record<string, unknown>;
        // What every workload of the type needs is as the link had it.
        expect(opened).toMatchObject(workload);
        const notices = result.ok ? result.notices.map(linkNoticeText).join(' ') : '';
        for (const [key, value] of Object.entries(stray)) {
          if (key in opened) expect(opened[key]).toEqual(value);
          else if (value !== undefined) expect(notices, `${key}: ${JSON.stringify(value)}`).toMatch(/workload 1: ignored/);
        }
      }),
      { numRuns: runs(400) },
    );
  }, 300_000);
});

describe('fuzz: figures as each language writes them (issue 32, items 7 and 9)', () => {
  it('read back as the number they stand for, in decimal, count and size fields', () => {
    fc.assert(
      fc.property(localeFigure, ({ locale, value, text, decimals }) => {
        const decimal = parseDecimal(text, 'x', 0, 1e12, {}, locale);
        expect(decimal.ok && decimal.value, `${locale} "${text}"`).toBeCloseTo(value, 6);
        if (decimals === 0) {
          const count = parseCount(text, 'x', 0, 1e12, locale);
          expect(count.ok && count.value, `${locale} "${text}"`).toBe(value);
          const size = parseBytes(text, 'x', 0, 1e12, locale);
          expect(size.ok && size.value, `${locale} "${text}"`).toBe(value);
        }
      }),
      { numRuns: runs(2000) },
    );
  });

  it('a comma before three digits in German or Russian: a decimal where one is allowed, refused where a whole number is needed', () => {
    fc.assert(
      fc.property(ambiguousCommaFigure, ({ locale, text, decimal }) => {
        const asDecimal = parseDecimal(text, 'x', 0, 1e6, {}, locale);
        expect(asDecimal.ok && asDecimal.value).toBe(decimal);
        const asCount = parseCount(text, 'x', 0, 1e12, locale);
        expect(asCount.ok ? asCount.value : asCount.error.code).toBe('ambiguousNumber');
      }),
      { numRuns: runs(1000) },
    );
  });
});

describe('fuzz: a case the 10,000-input pass found today', () => {
  it('connected_slaves:1.5 is named as unreadable, and Use as scenario keeps a scenario the schema takes', () => {
    const parsed = parseInfo('db0:keys=1,expires=0,avg_ttl=0\nconnected_slaves:1.5');
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    expect(parsed.info.ignored.join(' ')).toContain('connected_slaves');
    const analysis = analyzeInfo(parsed.info);
    expect(analysis.scenario && scenarioSchema.safeParse(analysis.scenario).success).toBe(true);
  });
});
