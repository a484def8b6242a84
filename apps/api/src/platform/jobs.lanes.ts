/**
 * The job runs one runner has under way at once (its lanes): how many are free, a wait for the
 * next to end, and a wait for all. A run that rejects is handed to `onError` and frees its lane.
 */
export class Lanes {
  private readonly runs = new Set<Promise<void>>();

  constructor(
    readonly size: number,
    private readonly onError: (error: unknown) => void,
  ) {}

  get free(): number {
    return this.size - this.runs.size;
  }

  get busy(): number {
    return this.runs.size;
  }

  add(run: Promise<unknown>): void {
    // Settles once its lane is free again, so whoever awaits it sees `free` up to date.
    const tracked: Promise<void> = run
      .then(
        () => {},
        (error: unknown) => this.onError(error),
      )
      .finally(() => this.runs.delete(tracked));
    this.runs.add(tracked);
  }

  /** Resolves once one run under way has ended (at once when none is). */
  async next(): Promise<void> {
    await Promise.race(this.runs);
  }

  /** Resolves once every run under way has ended. */
  async all(): Promise<void> {
    await Promise.all(this.runs);
  }
}
