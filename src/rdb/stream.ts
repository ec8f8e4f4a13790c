import { RdbAnalyzer, type RdbAnalysis, type RdbAnalysisOptions } from './analyze';

/** How far a read has come: what a progress bar shows (bytes, rate, time left). */
export interface RdbProgress {
  bytesRead: number;
  /** The file's size when known. */
  totalBytes: number | null;
  /** Bytes per second since the start; 0 until time has passed. */
  bytesPerSecond: number;
  /** Seconds left at that rate, or null without a size or a rate. */
  secondsLeft: number | null;
}

export interface StreamControls {
  /** Called after each chunk, at most every `progressEveryMs` milliseconds. */
  onProgress?: (progress: RdbProgress) => void;
  progressEveryMs?: number;
  /** Checked between chunks: when set, the read stops and the result is marked partial. */
  cancelled?: () => boolean;
  /** A clock in milliseconds (injected, so the reading itself stays pure). */
  now: () => number;
}

export function progressOf(bytesRead: number, totalBytes: number | null, elapsedMs: number): RdbProgress {
  const bytesPerSecond = elapsedMs > 0 ? (bytesRead / elapsedMs) * 1000 : 0;
  const secondsLeft = totalBytes !== null && bytesPerSecond > 0 ? Math.max(0, totalBytes - bytesRead) / bytesPerSecond : null;
  return { bytesRead, totalBytes, bytesPerSecond, secondsLeft };
}

/**
 * Reads an RDB file from its chunks (a file stream in the command line, File.stream() in a
 * worker) and analyses it, one chunk at a time: the file is never held whole. A cancelled read
 * returns what was read, marked partial.
 */
export async function analyzeRdbChunks(
  chunks: AsyncIterable<Uint8Array>,
  options: RdbAnalysisOptions,
  controls: StreamControls,
): Promise<{ analysis: RdbAnalysis; cancelled: boolean }> {
  const analyzer = new RdbAnalyzer(options);
  const total = options.fileSize ?? null;
  const started = controls.now();
  const every = controls.progressEveryMs ?? 100;
  let lastReport = -Infinity;
  let cancelled = false;
  for await (const chunk of chunks) {
    analyzer.push(chunk);
    const now = controls.now();
    if (controls.onProgress && now - lastReport >= every) {
      lastReport = now;
      controls.onProgress(progressOf(analyzer.bytesReceived, total, now - started));
    }
    if (analyzer.stopped) break;
    if (controls.cancelled?.()) {
      cancelled = true;
      break;
    }
  }
  if (!cancelled) analyzer.end();
  controls.onProgress?.(progressOf(analyzer.bytesReceived, total, controls.now() - started));
  const analysis = analyzer.result();
  if (cancelled && analysis.status === 'partial' && analysis.error) {
    analysis.error = { ...analysis.error, message: `cancelled after ${analyzer.bytesReceived} bytes: ${analysis.error.message}` };
  }
  return { analysis, cancelled };
}
