import { describe, expect, it } from 'vitest';
import { runEstimate } from '../../src/cli/estimate';
import type { CliResult } from '../../src/cli/estimateResult';
import { estimateScenario } from '../../src/model';
import { decodeLink, encodeLink } from '../../src/scenario/link';
import { resolveScenario } from '../../src/scenario/resolve';
import { UNIFORM_VALUES } from '../support/uniformValues';

const run = (args: string[], scenario: unknown) => runEstimate(args, () => JSON.stringify(scenario));

describe('estimate takes distributions', () => {
  it('a uniform 1-200 B value size: the same figure through the JSON file, the link round trip and the page model', () => {
    const out = run(['-'], UNIFORM_VALUES);
    expect(out.code).toBe(0);
    const cli = (JSON.parse(out.stdout) as CliResult).versions.map((v) => v.datasetBytes);
    const opened = decodeLink(encodeLink({ scenario: UNIFORM_VALUES, view: {} }));
    const linked = estimateScenario(resolveScenario(opened.state.scenario)).versions.map((v) => Math.round(v.datasetBytes));
    expect(cli).toEqual(linked);
    // Valkey 9.1: within 0.5 % of the 161.08 B/key the issue measured (the mean, 100 B, gives 165.37).
    const nineOne = (JSON.parse(out.stdout) as CliResult).versions.find((v) => v.version === '9.1')!;
    expect(Math.abs(nineOne.workloads[0]!.bytesPerKey - 161.08) / 161.08).toBeLessThan(0.005);
  });

  it("reports each workload's encoding shares: hashes across the listpack threshold", () => {
    const out = run(['-'], {
      schema: 1,
      config: { hashMaxListpackEntries: 128 },
      workloads: [
        {
          name: 'profiles',
          type: 'hash',
          keys: 50_000,
          keyBytes: 20,
          fields: { kind: 'range', shape: 'uniform', min: 50, max: 200 },
          fieldBytes: 8,
          valueBytes: 16,
          ttlFraction: 0,
        },
        { name: 'plain', type: 'string', keys: 10, keyBytes: 16, valueBytes: 16, ttlFraction: 0 },
      ],
    });
    const result = JSON.parse(out.stdout) as CliResult;
    for (const v of result.versions) {
      expect(v.workloads[0]!.encodings).toEqual([
        { encoding: 'listpack', share: 0.5232 }, // 79 of the 151 field counts
        { encoding: 'hashtable', share: 0.4768 },
      ]);
      expect(v.workloads[1]!.encodings).toEqual([{ encoding: 'embstr', share: 1 }]);
    }
  });

  it('the table shows an encodings column only when some workload mixes encodings', () => {
    const mixed = run(['--format', 'table', '-'], UNIFORM_VALUES).stdout;
    expect(mixed.split('\n')[0]).toMatch(/encodings$/);
    expect(mixed).toMatch(/^9\.1 +strings .*embstr [\d.]+ %, raw [\d.]+ %$/m);
    const plain = run(['--format', 'table', '-'], {
      ...UNIFORM_VALUES,
      workloads: [{ ...UNIFORM_VALUES.workloads[0]!, valueBytes: 100 }],
    });
    expect(plain.stdout.split('\n')[0]).not.toContain('encodings');
  });

  it('a bad distribution is refused, naming the field and what is wrong', () => {
    const out = run(['-'], {
      ...UNIFORM_VALUES,
      workloads: [{ ...UNIFORM_VALUES.workloads[0]!, keyBytes: { kind: 'range', shape: 'lognormal', min: 0, max: 30 } }],
    });
    expect(out.code).toBe(1);
    expect(out.stderr).toContain('the keyBytes distribution: min and max must each be a whole number from 1 to');
    expect(out.stderr).toContain('at workloads[0].keyBytes');
  });

  it('--help documents the distribution forms for the fields that vary', () => {
    const help = runEstimate(['--help'], () => '').stdout;
    expect(help).toContain('keyBytes, fields, fieldBytes, valueBytes, compactBytes may each vary from key to key');
    for (const form of [
      '"shape":"uniform"',
      '"shape":"normal"',
      '"shape":"lognormal"',
      '"kind":"percentiles"',
      '"kind":"histogram"',
    ])
      expect(help).toContain(form);
    expect(help).toMatch(/valueBytes +bytes, 0 to [\d,]+, or a distribution of them/);
  });
});
