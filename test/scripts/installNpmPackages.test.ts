import { execFileSync } from 'node:child_process';
import { chmodSync, copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

/**
 * scripts/install-npm-packages.sh in a scratch project with a stand-in `npm` that only records
 * its arguments: the test command must not run `npm ci` (which deletes node_modules under a
 * running app) unless the lock file changed.
 */
describe('installing npm packages only when the lock file changed', () => {
  let project = '';
  const calls = () =>
    existsSync(join(project, 'npm-calls')) ? readFileSync(join(project, 'npm-calls'), 'utf8').trim().split('\n') : [];
  const install = () =>
    execFileSync('bash', [join(project, 'scripts/install-npm-packages.sh')], {
      env: { ...process.env, PATH: `${join(project, 'bin')}:${process.env.PATH}` },
    });

  beforeEach(() => {
    project = mkdtempSync(join(tmpdir(), 'install-npm-'));
    mkdirSync(join(project, 'scripts'));
    mkdirSync(join(project, 'bin'));
    copyFileSync('scripts/install-npm-packages.sh', join(project, 'scripts/install-npm-packages.sh'));
    writeFileSync(join(project, 'package-lock.json'), '{"lockfileVersion":3,"packages":{}}\n');
    writeFileSync(join(project, 'bin/npm'), `#!/bin/sh\necho "$*" >> "${project}/npm-calls"\nmkdir -p node_modules\n`);
    chmodSync(join(project, 'bin/npm'), 0o755);
  });
  afterEach(() => rmSync(project, { recursive: true, force: true }));

  it('installs into a fresh checkout, then not again while the lock file is the same', () => {
    install();
    expect(calls()).toEqual(['ci --no-audit --no-fund']);
    install();
    install();
    expect(calls()).toHaveLength(1);
  });

  it('installs again when the lock file changed', () => {
    install();
    writeFileSync(join(project, 'package-lock.json'), '{"lockfileVersion":3,"packages":{"node_modules/a":{}}}\n');
    install();
    expect(calls()).toHaveLength(2);
  });

  it('installs again when node_modules was removed', () => {
    install();
    rmSync(join(project, 'node_modules'), { recursive: true });
    install();
    expect(calls()).toHaveLength(2);
  });
});
