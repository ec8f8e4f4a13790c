import { readdirSync, readFileSync } from 'node:fs';
import { RdbAnalyzer, DEFAULT_ANALYSIS_OPTIONS, type RdbAnalysis, type RdbAnalysisOptions } from '../../src/rdb/analyze';
import type { RdbFixtureRecord } from './fixtureRecord';

export const FIXTURE_DIR = 'test/fixtures/rdb';

/** The committed dumps (test/rdb/makeFixtures.ts) with what their server said of its memory. */
export const FIXTURES = readdirSync(FIXTURE_DIR)
  .filter((f) => f.endsWith('.rdb'))
  .sort()
  .map((file) => ({
    name: file.replace(/\.rdb$/, ''),
    bytes: new Uint8Array(readFileSync(`${FIXTURE_DIR}/${file}`)),
    record: JSON.parse(readFileSync(`${FIXTURE_DIR}/${file.replace(/\.rdb$/, '.json')}`, 'utf8')) as RdbFixtureRecord,
  }));

/** Analyses bytes pushed in chunks of `chunk` bytes (copied, as a stream hands out fresh buffers). */
export function analyze(bytes: Uint8Array, chunk = 65_536, options: Partial<RdbAnalysisOptions> = {}): RdbAnalysis {
  const analyzer = new RdbAnalyzer({ ...DEFAULT_ANALYSIS_OPTIONS, ...options });
  for (let i = 0; i < bytes.length && !analyzer.stopped; i += chunk) analyzer.push(bytes.slice(i, i + chunk));
  analyzer.end();
  return analyzer.result();
}
