import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Plugin } from 'vite';

/**
 * The page's Content-Security-Policy, as strict as the app allows:
 * - scripts only from the page's own origin, plus the inline scripts the build itself wrote
 *   (index.html's link check, the prerender's start script, or the whole app in the single-file
 *   build), each allowed by its SHA-256; no eval;
 * - styles may be inline: React and the charts set style attributes;
 * - images may be data: and blob: URLs (the favicon, exported charts);
 * - no network requests, plugins, <base> or form posts.
 * `frame-ancestors` cannot be set from a <meta> element; the host that serves the page sets it
 * as a header (see CONTRIBUTING.md, "Content-Security-Policy").
 */
export function policyFor(inlineScripts: readonly string[]): string {
  const hashes = inlineScripts.map((body) => `'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`);
  return [
    "default-src 'none'",
    `script-src 'self' ${hashes.join(' ')}`.trim(),
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self'",
    "manifest-src 'self'",
    "connect-src 'none'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'none'",
  ].join('; ');
}

const SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script>/g;
const CHARSET = /<meta charset="UTF-8" \/>/i;

/** The page with its policy as the first thing after the charset, before any script. */
export function withContentSecurityPolicy(html: string): string {
  if (html.includes('http-equiv="Content-Security-Policy"')) throw new Error('csp: the page already has a policy');
  if (!CHARSET.test(html)) throw new Error('csp: no <meta charset> to place the policy after');
  const inline = [...html.matchAll(SCRIPT)].filter((m) => !/\bsrc=/.test(m[1]!)).map((m) => m[2]!);
  const meta = `<meta http-equiv="Content-Security-Policy" content="${policyFor(inline)}" />`;
  return html.replace(CHARSET, (charset) => `${charset}\n    ${meta}`);
}

/** Writes the policy into the built index.html once every other plugin has finished with it. */
export function contentSecurityPolicy(): Plugin {
  let page = '';
  return {
    name: 'content-security-policy',
    apply: 'build',
    enforce: 'post',
    configResolved(config) {
      page = join(resolve(config.root, config.build.outDir), 'index.html');
    },
    closeBundle() {
      writeFileSync(page, withContentSecurityPolicy(readFileSync(page, 'utf8')));
    },
  };
}
