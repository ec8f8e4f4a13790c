import { describe, expect, it } from 'vitest';
import { runEstimate } from '../../src/cli/estimate';
import { TERMINAL_CONTROLS as CONTROLS } from '../support/terminalControls';

const workload = { name: 'sessions', keys: 1000, keyBytes: 16, type: 'string', valueBytes: 16, ttlFraction: 0 };
const scenarioText = (over: Record<string, unknown>) => JSON.stringify({ schema: 1, workloads: [{ ...workload, ...over }] });

describe('the estimate command echoes nothing a terminal would act on', () => {
  it('an OSC sequence on standard input ("\\x1b]0;PWNED\\x07") is echoed escaped in the error', () => {
    const out = runEstimate(['-'], () => '\u001b]0;PWNED\u0007');
    expect(out.code).toBe(1);
    expect(out.stderr).not.toMatch(CONTROLS);
    expect(out.stderr).toContain('\\u001b]0;PWNED\\u0007');
  });

  it('a workload named with a colour sequence prints inert in --format table', () => {
    const out = runEstimate(['--format', 'table', '-'], () => scenarioText({ name: 'a\u001b[31mred\u202e' }));
    expect(out.code).toBe(0);
    expect(out.stdout).not.toMatch(CONTROLS);
    expect(out.stdout).toContain('a\\u001b[31mred\\u202e');
  });

  it('in JSON the escaped name is the same string: a C1 control (U+009B) reads back unchanged', () => {
    const out = runEstimate(['-'], () => scenarioText({ name: 'x\u009b2Jy' }));
    expect(out.stdout).not.toMatch(CONTROLS);
    expect(
      (JSON.parse(out.stdout) as { versions: Array<{ workloads: Array<{ name: string }> }> }).versions[0]!.workloads[0]!.name,
    ).toBe('x\u009b2Jy');
  });
});

describe('the estimate command names the problem', () => {
  it('"keys": 1e400 is too large, not "not a number"', () => {
    const out = runEstimate(['-'], () => scenarioText({}).replace('"keys":1000', '"keys":1e400'));
    expect(out.code).toBe(1);
    expect(out.stderr).toBe(
      'invalid scenario:\n✖ keys is too large (past any finite number): the supported maximum is 1,000,000,000,000\n  → at workloads[0].keys\n',
    );
  });

  it('a Latin-1 file is refused, not read with U+FFFD in its names', () => {
    const latin1 = Uint8Array.from(Buffer.from(scenarioText({ name: 'caf\u00e9' }), 'latin1'));
    const out = runEstimate(['plan.json'], () => latin1);
    expect(out.code).toBe(1);
    expect(out.stderr).toBe('plan.json is not UTF-8 text (a Latin-1 or other legacy encoding?): save it as UTF-8\n');
    const utf8 = runEstimate(['plan.json'], () => Uint8Array.from(Buffer.from(scenarioText({ name: 'caf\u00e9' }), 'utf8')));
    expect(utf8.code).toBe(0);
    expect(utf8.stdout).toContain('café');
  });

  it.each([
    [['-f', 'table', 'plan.json'], 'unknown option -f (the format is set with --format)'],
    [['a.json', 'b.json'], 'one FILE at a time, not 2 (a.json, b.json)'],
    [['--'], 'no FILE given: name a scenario JSON file, or - for standard input'],
    [[], 'no FILE given: name a scenario JSON file, or - for standard input'],
  ])('%j: a usage error says what is wrong before the usage', (args, problem) => {
    const out = runEstimate(args, () => scenarioText({}));
    expect(out.code).toBe(2);
    expect(out.stderr.split('\n')[0]).toBe(problem);
    expect(out.stderr).toMatch(/usage: npm run -s estimate/);
  });

  it('after --, a name that starts with a dash is a file', () => {
    const read: string[] = [];
    const out = runEstimate(['--', '-plan.json'], (file) => (read.push(file), scenarioText({})));
    expect(out.code).toBe(0);
    expect(read).toEqual(['-plan.json']);
  });
});
