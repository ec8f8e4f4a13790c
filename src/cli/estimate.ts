import { estimateScenario } from '../model';
import { writeHistoryRange, adviceFor, capacity, sizingOfDeployment } from '../model/plan';
import { planRss, withRssDeployments } from '../model/churn';
import { LIMITS } from '../scenario/limits';
import { parseScenario } from '../scenario/schema';
import { resolveScenario } from '../scenario/resolve';
import { formatAdviceTable, toCliAdvice } from './adviceResult';
import { formatCapacityTable, toCliCapacity } from './capacityResult';
import { toCliCost, toCliGrowth } from './costResult';
import { formatCostTable } from './costTable';
import { looksLikeNodeSize, parseNodeSize } from './nodeSize';
import { toCliResult } from './estimateResult';
import { formatAsLoadedTable, toCliAsLoaded } from './loadedResult';
import { workloadFieldsHelp } from './scenarioFields';
import { formatTable } from './table';
import { formatRssTable, toCliRss } from './rssResult';
import { activedefragOn, scenarioChurn, typedFragmentationRatio } from '../scenario/resolveChurn';
import { printable } from './terminalText';

const USAGE =
  'usage: npm run -s estimate -- [--format json|table] [--fit [SIZE]] [--advice] FILE   (FILE "-" reads standard input)\n' +
  '  --fit      also answer how many keys fit in the nodes the deployment provisions today (per line: the mix scaled together, and each workload alone)\n' +
  "  --fit SIZE the same in the deployment's shards of nodes of SIZE each (16GB, 64GiB; also --fit=SIZE), with its fragmentation and headroom\n" +
  '             (a FILE named like a size, such as 16GB, is given as ./16GB)\n' +
  '  --advice   also list the changes that save memory on these figures, with what each saves per line,\n' +
  '             and what the scenario records as applied already (its appliedAdvice)';

export interface CliOutcome {
  code: number;
  stdout: string;
  stderr: string;
}

/**
 * The whole CLI as a function of its arguments and input, so tests need no process. The input is
 * text, or the file's bytes, which must be UTF-8. Everything it prints is made inert for a
 * terminal (printable): names and values from the file are echoed.
 */
export function runEstimate(args: string[], readInput: (file: string) => string | Uint8Array): CliOutcome {
  const outcome = estimateOutcome(args, readInput);
  return { ...outcome, stdout: printable(outcome.stdout), stderr: printable(outcome.stderr) };
}

const usageError = (problem: string): CliOutcome => ({ code: 2, stdout: '', stderr: `${problem}\n${USAGE}\n` });

function estimateOutcome(args: string[], readInput: (file: string) => string | Uint8Array): CliOutcome {
  let format = 'json';
  let fit = false;
  let fitSize: string | null = null;
  let advise = false;
  const files: string[] = [];
  let optionsEnded = false;
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (optionsEnded || a === '-' || !a.startsWith('-')) files.push(a);
    else if (a === '--') optionsEnded = true;
    else if (a === '--format') format = args[++i] ?? '';
    else if (a.startsWith('--format=')) format = a.slice('--format='.length);
    else if (a === '--fit') {
      fit = true;
      // A size follows when the next argument starts like one (a digit); a file named so is given as ./NAME.
      const next = args[i + 1];
      if (next !== undefined && looksLikeNodeSize(next)) fitSize = args[++i]!;
    } else if (a.startsWith('--fit=')) {
      fit = true;
      fitSize = a.slice('--fit='.length);
    } else if (a === '--advice') advise = true;
    else if (a === '-h' || a === '--help') return { code: 0, stdout: `${USAGE}\n\n${workloadFieldsHelp()}\n`, stderr: '' };
    else return usageError(`unknown option ${a}${a === '-f' ? ' (the format is set with --format)' : ''}`);
  }
  if (format !== 'json' && format !== 'table')
    return { code: 2, stdout: '', stderr: `--format must be json or table, not "${format}"\n` };
  const nodeSize = fitSize === null ? null : parseNodeSize(fitSize);
  if (nodeSize && !nodeSize.ok) return usageError(nodeSize.error);
  if (files.length === 0) return usageError('no FILE given: name a scenario JSON file, or - for standard input');
  if (files.length > 1) return usageError(`one FILE at a time, not ${files.length} (${files.join(', ')})`);
  const file = files[0]!;
  const what = file === '-' ? 'standard input' : file;

  let input: string | Uint8Array;
  try {
    input = readInput(file);
  } catch (e) {
    return { code: 2, stdout: '', stderr: `cannot read ${file}: ${(e as Error).message}\n` };
  }
  const text = typeof input === 'string' ? input : utf8(input);
  if (text === null)
    return {
      code: 1,
      stdout: '',
      stderr: `${what} is not UTF-8 text (a Latin-1 or other legacy encoding?): save it as UTF-8\n`,
    };
  let json: unknown;
  try {
    // Editors on Windows save UTF-8 with a byte-order mark; it is not part of the JSON.
    json = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch (e) {
    return {
      code: 1,
      stdout: '',
      stderr: `${what} is not valid JSON: ${(e as Error).message}\n`,
    };
  }
  const parsed = parseScenario(json);
  if (!parsed.ok) return { code: 1, stdout: '', stderr: `invalid scenario:\n${parsed.error}\n` };

  const scenario = resolveScenario(parsed.scenario);
  // With churn, each line's nodes are sized by its modelled RSS unless the ratio was typed.
  const plan = parsed.scenario.churn?.length
    ? planRss(scenario, scenarioChurn(parsed.scenario), typedFragmentationRatio(parsed.scenario), activedefragOn(parsed.scenario))
    : null;
  const rss = plan?.lines ?? null;
  // Growth, capacity and node types size each line as its deployment is sized.
  const sizing = plan?.sizing ?? sizingOfDeployment(scenario.deployment);
  const estimate = rss ? withRssDeployments(estimateScenario(scenario), rss) : estimateScenario(scenario);
  const result = {
    ...toCliResult(scenario, estimate, parsed.scenario.deployment?.providerRule),
    ...(rss && !typedFragmentationRatio(parsed.scenario) && { fragmentationModelled: true }),
  };
  const rssResult = rss && toCliRss(rss);
  // Collections whose tables depend on how they were written: the same keys once loaded.
  const loaded = toCliAsLoaded(scenario, writeHistoryRange(scenario, estimate));
  // Money and growth: their own blocks beside the memory result.
  const cost = toCliCost(parsed.scenario, scenario, estimate);
  const growth = toCliGrowth(parsed.scenario, scenario, sizing);
  const nodeBytes = nodeSize?.ok ? nodeSize.bytes : null;
  const fits = fit ? toCliCapacity(scenario, capacity(scenario, LIMITS.keysPerWorkload, nodeBytes, sizing)) : null;
  const advice = advise ? toCliAdvice(scenario, adviceFor(scenario)) : null;
  // What was applied before, as the scenario records it: beside the advice, so the two read together.
  const applied = advise ? (parsed.scenario.appliedAdvice ?? []) : null;
  if (format === 'table')
    return {
      code: 0,
      stdout:
        formatTable(result) +
        (rssResult ? formatRssTable(rssResult) : '') +
        (loaded ? formatAsLoadedTable(loaded) : '') +
        formatCostTable(cost, growth) +
        (fits ? formatCapacityTable(fits) : '') +
        (advice ? formatAdviceTable(advice, applied ?? []) : ''),
      stderr: '',
    };
  const output = {
    ...result,
    ...(rssResult && { rss: rssResult }),
    ...(loaded && { asLoaded: loaded }),
    cost,
    ...(growth && { growth }),
    ...(fits && { capacity: fits }),
    ...(advice && { advice, appliedAdvice: applied }),
  };
  return { code: 0, stdout: JSON.stringify(output, null, 2) + '\n', stderr: '' };
}

/** The file's bytes as text, or null where they are not UTF-8: a replacement character would end up in names. */
function utf8(bytes: Uint8Array): string | null {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return null;
  }
}
