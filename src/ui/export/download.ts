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

/** Letters, digits and dashes only: "Checkout cache (EU)" -> "checkout-cache-eu". */
export function slug(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[^\w\s-]/g, '')
    .trim()
    .toLowerCase()
    .replace(/[\s_-]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
}
