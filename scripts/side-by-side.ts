/**
 * The README's two commands side by side, as a newcomer runs them: starts the app with
 * scripts/start.sh, measures a first visit, runs scripts/test-all.sh in full, then checks that
 * the page that stayed open was neither reloaded nor broken and that a new visit still renders.
 *
 *   npx tsx scripts/side-by-side.ts            (exits non-zero on any failure)
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { stripVTControlCharacters } from 'node:util';
import { launchBrowser } from '../test/e2e/browser';

const RESULTS = 'Results per version';

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (address && typeof address === 'object' ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/** Starts the app in its own process group and resolves with its URL once it is printed. */
function startApp(port: number): Promise<{ app: ChildProcess; url: string }> {
  const app = spawn('bash', ['scripts/start.sh'], { env: { ...process.env, PORT: String(port) }, detached: true });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('start.sh printed no URL within 180 s')), 180_000);
    let output = '';
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      process.stdout.write(chunk);
      const url = /http:\/\/127\.0\.0\.1:\d+\//.exec(stripVTControlCharacters(output))?.[0];
      if (url) {
        clearTimeout(timer);
        resolve({ app, url });
      }
    };
    app.stdout!.on('data', read);
    app.stderr!.on('data', read);
    app.once('exit', (code) => reject(new Error(`start.sh exited with ${code} before printing a URL`)));
  });
}

function run(command: string): Promise<number> {
  return new Promise((resolve) => spawn('bash', [command], { stdio: 'inherit' }).once('exit', (code) => resolve(code ?? 1)));
}

const failures: string[] = [];
const check = (ok: boolean, what: string) => {
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${what}`);
  if (!ok) failures.push(what);
};

const { app, url } = await startApp(await freePort());
const browser = await launchBrowser();
try {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  const started = Date.now();
  await page.goto(url, { waitUntil: 'commit' });
  await page.getByRole('table', { name: RESULTS }).waitFor();
  const firstResults = Date.now() - started;
  await page.locator('.recharts-surface').first().waitFor();
  const firstChart = Date.now() - started;
  console.log(`first visit: results after ${firstResults} ms, chart after ${firstChart} ms`);
  await page.evaluate(() => ((window as unknown as { __stayedOpen: boolean }).__stayedOpen = true));

  check((await run('scripts/test-all.sh')) === 0, 'scripts/test-all.sh passed beside the running app');

  const stayed = await page.evaluate(() => (window as unknown as { __stayedOpen?: boolean }).__stayedOpen === true);
  check(stayed, 'the open page was not reloaded by the test run');
  await page.getByLabel('Keys', { exact: true }).first().fill('1000');
  const edited = await page.getByRole('table', { name: RESULTS }).innerText();
  check(!/NaN/.test(edited) && /B/.test(edited), 'the open page still answers an edit');

  const again = await browser.newPage();
  const response = await again.goto(url);
  check(response?.status() === 200, 'the server still answers 200');
  await again.getByRole('table', { name: RESULTS }).waitFor({ timeout: 10_000 });
  await again.locator('.recharts-surface').first().waitFor({ timeout: 10_000 });
  check(true, 'a new visit renders results and a chart');
} catch (error) {
  failures.push(String(error));
  console.error(error);
} finally {
  await browser.close();
  process.kill(-app.pid!, 'SIGTERM');
}
console.log(failures.length === 0 ? 'side by side: all checks passed' : `side by side: ${failures.length} failed`);
process.exit(failures.length === 0 ? 0 : 1);
