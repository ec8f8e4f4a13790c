import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Under `set -o pipefail`, a pipeline whose reader exits before its writer has written everything
 * (`grep -q`, `grep -m1`, `head`) fails whenever the writer gets SIGPIPE: at random, and more
 * often on a fresh machine where the writer is slower. Our scripts capture the writer's output
 * first and match the captured text instead.
 */
const EARLY_EXIT_READER = /\|\s*(grep\s+(-\w*\s+)*-\w*[qm]|head\b|sed\s+-n\s+['"]?\d+\s*q)/;

function shellScripts(): string[] {
  const scripts = readdirSync('scripts')
    .filter((name) => name.endsWith('.sh'))
    .map((name) => join('scripts', name));
  return [...scripts, '.ci/run'];
}

describe('shell pipelines under pipefail', () => {
  it('the pattern catches the pipelines that fail at random', () => {
    const hazards = [
      'ldd "$bin" | grep -q libjemalloc || die',
      "dpkg-query -W -f='${Status}' x | grep -q 'install ok installed'",
      'ls "$dir"/*.tar.* | head -n1',
      'cmd | grep -m1 version',
    ];
    for (const line of hazards) expect(line, line).toMatch(EARLY_EXIT_READER);
    expect('grep -q x <<<"$out"').not.toMatch(EARLY_EXIT_READER);
    expect('grep -m1 -i version <<<"$stats" | cut -d" " -f2-').not.toMatch(EARLY_EXIT_READER);
  });

  it('the hazard is real: a writer cut off by an early reader fails the pipeline', () => {
    const status = execFileSync('bash', ['-c', 'set -o pipefail; seq 1 200000 | grep -q 1; echo $?'], {
      encoding: 'utf8',
    }).trim();
    expect(status).not.toBe('0');
  });

  it('no script pipes into a reader that exits early', () => {
    const found: string[] = [];
    for (const path of shellScripts()) {
      readFileSync(path, 'utf8')
        .split('\n')
        .forEach((line, index) => {
          if (line.trimStart().startsWith('#')) return;
          if (EARLY_EXIT_READER.test(line)) found.push(`${path}:${index + 1}: ${line.trim()}`);
        });
    }
    expect(found).toEqual([]);
  });
});
