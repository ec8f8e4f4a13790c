/**
 * The README is for the planner's users and stays short; what contributors need is in
 * CONTRIBUTING.md beside it, and measurements in the two RESULTS files. Every relative link among
 * these documents must reach a file that exists, and a heading that exists where it names one, and
 * every path of the repository they name must exist.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import { describe, expect, it } from 'vitest';

const DOCUMENTS = ['README.md', 'CONTRIBUTING.md', 'bench/RESULTS.md', 'test/validate/RESULTS.md'];
const README_MAX_LINES = 400;
/** Paths the documents name that are not files of this repository, and why. */
const NOT_IN_THIS_REPOSITORY: Record<string, string> = {
  'bench/results/bench.json': 'written by npm run bench',
  'src/cloudwise_scan_core/aws_pricing_service.py': 'a file of the price source, in its own repository',
};

/** The document's text outside fenced code blocks, where links and headings mean nothing. */
function prose(text: string): string {
  return text
    .split('\n')
    .filter(
      (
        (inFence = false) =>
        (line: string) => {
          if (line.startsWith('```')) {
            inFence = !inFence;
            return false;
          }
          return !inFence;
        }
      )(),
    )
    .join('\n');
}

/** GitHub's anchor for each heading: lower case, punctuation dropped, spaces as hyphens, repeats numbered. */
function anchorsOf(text: string): Set<string> {
  const seen = new Map<string, number>();
  const anchors = new Set<string>();
  for (const [, title = ''] of prose(text).matchAll(/^#{1,6} (.+)$/gm)) {
    const slug = title
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, '')
      .replace(/\s/g, '-');
    const count = seen.get(slug) ?? 0;
    seen.set(slug, count + 1);
    anchors.add(count === 0 ? slug : `${slug}-${count}`);
  }
  return anchors;
}

/** Markdown links that are not web addresses: `[text](path#anchor)`, `[text](#anchor)`. */
function relativeLinks(text: string): string[] {
  return [...prose(text).matchAll(/\]\(([^)\s]+)\)/g)].map((m) => m[1] ?? '').filter((target) => !/^[a-z]+:/i.test(target));
}

/** Every link that does not reach its file, or its heading in a Markdown file. */
function brokenLinks(document: string): string[] {
  const broken: string[] = [];
  for (const link of relativeLinks(readFileSync(document, 'utf8'))) {
    const [path = '', anchor] = link.split('#');
    const target = path === '' ? document : normalize(join(dirname(document), path));
    if (!existsSync(target)) broken.push(`${link} (no file ${target})`);
    else if (anchor !== undefined && target.endsWith('.md') && !anchorsOf(readFileSync(target, 'utf8')).has(anchor))
      broken.push(`${link} (no heading #${anchor} in ${target})`);
  }
  return broken;
}

/** Paths of the repository a document names in code spans (`src/model/lines.ts`), patterns and placeholders aside. */
function namedPaths(text: string): string[] {
  return [...text.matchAll(/`((?:src|test|scripts|bench|data)\/[^`\s]*)`/g)]
    .map((m) => (m[1] ?? '').replace(/[.,;:]$/, ''))
    .filter((path) => !/[*{}<>…]/.test(path) && !(path in NOT_IN_THIS_REPOSITORY));
}

describe('the README and CONTRIBUTING.md', () => {
  it(`the README has at most ${README_MAX_LINES} lines, and CONTRIBUTING.md stands beside it, linked`, () => {
    const readme = readFileSync('README.md', 'utf8');
    expect(readme.trimEnd().split('\n').length).toBeLessThanOrEqual(README_MAX_LINES);
    expect(existsSync('CONTRIBUTING.md')).toBe(true);
    expect(relativeLinks(readme)).toContain('CONTRIBUTING.md');
  });

  it('the Quick start gives exactly the two commands: start the app, and run every test', () => {
    const quickStart = /## Quick start\n([\s\S]*?)\n## /.exec(readFileSync('README.md', 'utf8'))?.[1] ?? '';
    const commands = /```sh\n([\s\S]*?)```/.exec(quickStart)?.[1] ?? '';
    const withoutComments = commands
      .trim()
      .split('\n')
      .map((line) => line.replace(/\s+#.*$/, ''));
    expect(withoutComments).toEqual(['./scripts/start.sh', './scripts/test-all.sh']);
  });

  it.each(DOCUMENTS)('every relative link in %s reaches a file, and the heading it names', (document) => {
    expect(brokenLinks(document)).toEqual([]);
  });

  it.each(['README.md', 'CONTRIBUTING.md'])('every path of the repository %s names exists', (document) => {
    const missing = namedPaths(readFileSync(document, 'utf8')).filter((path) => !existsSync(path));
    expect(missing).toEqual([]);
  });

  it('CONTRIBUTING.md says how to add a workload field and a release line', () => {
    const anchors = anchorsOf(readFileSync('CONTRIBUTING.md', 'utf8'));
    expect(anchors).toContain('adding-a-workload-field');
    expect(anchors).toContain('adding-a-release-line');
  });
});
