import { SampleError } from './errors';

/**
 * The whole run's time budget (--timeout): every wait on the server races it, so a server that
 * accepts and never answers, or is paused, stops the run on time with what was being waited for.
 */
export class Deadline {
  private readonly endsAt: number;
  private readonly onExpire: Array<() => void> = [];

  constructor(readonly budgetMs: number) {
    this.endsAt = Date.now() + budgetMs;
  }

  remainingMs(): number {
    return Math.max(0, this.endsAt - Date.now());
  }

  /** Whether less than `reserveMs` is left: loops stop before starting work they cannot finish. */
  nearlyOver(reserveMs = 0): boolean {
    return this.remainingMs() <= reserveMs;
  }

  /** Called when the deadline passes during a wait (e.g. to drop the connection). */
  whenExpired(action: () => void): void {
    this.onExpire.push(action);
  }

  async race<T>(work: Promise<T>, waitingFor: string): Promise<T> {
    let timer: NodeJS.Timeout | undefined;
    const expired = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        for (const action of this.onExpire) action();
        reject(
          new SampleError(
            `--timeout ${this.budgetMs / 1000} s reached while waiting for ${waitingFor}: stopped there, nothing is reported`,
          ),
        );
      }, this.remainingMs());
    });
    // The losing promise may reject later (the connection is dropped): that is expected.
    work.catch(() => undefined);
    try {
      return await Promise.race([work, expired]);
    } finally {
      clearTimeout(timer);
    }
  }
}
