import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

/**
 * The build the bench compares with: BENCH_BASELINE=<git ref>, by default HEAD^ (the first
 * parent: on main after a merge, the previous main). Its files are exported with `git archive`
 * into a temporary directory outside the clone, which borrows this clone's node_modules, and built
 * there with its own Vite configuration. Returns the directory holding dist/ and a clean-up.
 */
export function buildBaseline(): { ref: string; commit: string; root: string; remove: () => void } {
  const ref = process.env.BENCH_BASELINE ?? 'HEAD^';
  const commit = execFileSync('git', ['rev-parse', '--verify', `${ref}^{commit}`], { encoding: 'utf8' }).trim();
  const root = mkdtempSync(join(tmpdir(), 'vrp-bench-baseline-'));
  const remove = () => rmSync(root, { recursive: true, force: true });
  try {
    const archive = execFileSync('git', ['archive', '--format=tar', commit], { maxBuffer: 1 << 30 });
    execFileSync('tar', ['-x', '-C', root], { input: archive });
    symlinkSync(resolve('node_modules'), join(root, 'node_modules'), 'dir');
    execFileSync(resolve('node_modules/.bin/vite'), ['build', '--logLevel', 'error'], {
      cwd: root,
      stdio: ['ignore', 'ignore', 'inherit'],
      env: { ...process.env, NODE_ENV: 'production' },
    });
  } catch (error) {
    remove();
    throw error;
  }
  return { ref, commit: commit.slice(0, 10), root, remove };
}
