import { estimateScenario } from '../model';
import { parseScenario } from '../scenario/schema';
import { resolveScenario } from '../scenario/resolve';
import { toCliCost, toCliGrowth } from './costResult';
import { formatCostTable } from './costTable';
import { toCliResult } from './estimateResult';
import { workloadFieldsHelp } from './scenarioFields';
import { formatTable } from './table';

const USAGE = 'usage: npm run -s estimate -- [--format json|table] FILE   (FILE "-" reads standard input)';

export interface CliOutcome {
  code: number;
  stdout: string;
  stderr: string;
}

/** The whole CLI as a function of its arguments and input, so tests need no process. */
export function runEstimate(args: string[], readInput: (file: string) => string): CliOutcome {
  let format = 'json';
  const files: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (a === '--format') format = args[++i] ?? '';
    else if (a.startsWith('--format=')) format = a.slice('--format='.length);
    else if (a === '-h' || a === '--help') return { code: 0, stdout: `${USAGE}\n\n${workloadFieldsHelp()}\n`, stderr: '' };
    else if (a.startsWith('--')) return { code: 2, stdout: '', stderr: `unknown option ${a}\n${USAGE}\n` };
    else files.push(a);
  }
  if (format !== 'json' && format !== 'table')
    return { code: 2, stdout: '', stderr: `--format must be json or table, not "${format}"\n` };
  if (files.length !== 1) return { code: 2, stdout: '', stderr: `${USAGE}\n` };
  const file = files[0]!;

  let text: string;
  try {
    text = readInput(file);
  } catch (e) {
    return { code: 2, stdout: '', stderr: `cannot read ${file}: ${(e as Error).message}\n` };
  }
  let json: unknown;
  try {
    // Editors on Windows save UTF-8 with a byte-order mark; it is not part of the JSON.
    json = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch (e) {
    return {
      code: 1,
      stdout: '',
      stderr: `${file === '-' ? 'standard input' : file} is not valid JSON: ${(e as Error).message}\n`,
    };
  }
  const parsed = parseScenario(json);
  if (!parsed.ok) return { code: 1, stdout: '', stderr: `invalid scenario:\n${parsed.error}\n` };

  const scenario = resolveScenario(parsed.scenario);
  const estimate = estimateScenario(scenario);
  const result = toCliResult(scenario, estimate);
  // Money and growth: their own blocks beside the memory result.
  const cost = toCliCost(parsed.scenario, scenario, estimate);
  const growth = toCliGrowth(parsed.scenario, scenario);
  if (format === 'table') return { code: 0, stdout: formatTable(result) + formatCostTable(cost, growth), stderr: '' };
  return { code: 0, stdout: JSON.stringify({ ...result, cost, ...(growth && { growth }) }, null, 2) + '\n', stderr: '' };
}
