import { readFileSync } from 'node:fs';

/** One recorded INFO output of a real Redis 7.0 in a named state (test/fixtures/info/redis-7.0-NAME.txt, captureFixtures.ts). */
export function infoFixture(name: string): string {
  return readFileSync(`test/fixtures/info/redis-7.0-${name}.txt`, 'utf8');
}
