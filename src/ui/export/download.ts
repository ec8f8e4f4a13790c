/** Hands a file to the browser's downloads, the way a link with a download attribute does. */
export function download(fileName: string, blob: Blob): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // The download has started from the click; the URL is no longer needed once it has.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** "results", with the scenario's name when it has one: "checkout-cache-results". */
export function fileNameFor(scenarioName: string | undefined, what: string, extension: string): string {
  const name = slug(scenarioName ?? '');
  return `${name ? `${name}-` : 'valkey-ram-plan-'}${slug(what)}.${extension}`;
}

/**
 * Letters, digits and dashes only: "Checkout cache (EU)" -> "checkout-cache-eu". Letters of every
 * script stay, so a scenario named in Russian or Chinese keeps its name ("кэш-корзины"); what a
 * file system refuses (/ \ : * ? " < > |) and every other sign goes.
 */
export function slug(text: string): string {
  const slugged = text
    .normalize('NFC')
    .replace(/[^\p{L}\p{M}\p{N}\s_-]/gu, '')
    .trim()
    .toLowerCase()
    .replace(/[\s_-]+/g, '-')
    .replace(/^-+|-+$/g, '');
  // By code point, so a letter outside the Basic Multilingual Plane is never cut in half.
  return [...slugged].slice(0, 60).join('');
}
