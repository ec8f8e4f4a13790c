import type { TestProject } from 'vitest/node';
import { build, preview, type PreviewServer } from 'vite';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
  }
}

let server: PreviewServer | undefined;

/** Builds the production bundle once and serves it on a free 127.0.0.1 port for the browser tests. */
export default async function setup(project: TestProject) {
  // vitest runs with NODE_ENV=test, which would make Vite bundle React's development build.
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await build({ logLevel: 'warn' });
    await build({ logLevel: 'warn', mode: 'singlefile' });
  } finally {
    process.env.NODE_ENV = nodeEnv;
  }
  server = await preview({ preview: { host: '127.0.0.1', port: 0, strictPort: false }, logLevel: 'warn' });
  const address = server.httpServer.address();
  if (!address || typeof address === 'string') throw new Error('preview server has no port');
  project.provide('baseUrl', `http://127.0.0.1:${address.port}/`);
  return async () => {
    await new Promise<void>((resolve) => server!.httpServer.close(() => resolve()));
  };
}
