/**
 * When a write-behind buffer (plays, progress saves) goes to the database: after `delayMs` from
 * the first thing buffered, or at once when asked, one batch at a time and in order, so a flush
 * resolves only once every batch before it is written. The buffer itself (what it keeps, which
 * entry wins, what a failure requeues) is its owner's; `write` takes what is buffered now.
 */
export class WriteBehind {
  private timer: NodeJS.Timeout | undefined;
  private writing: Promise<void> = Promise.resolve();

  constructor(
    private readonly delayMs: number,
    private readonly write: () => Promise<void>,
  ) {}

  /** Writes after the delay, unless a write is already due. */
  schedule(): void {
    if (this.timer) return;
    this.timer = setTimeout(() => void this.flush(), this.delayMs);
    // Buffered entries never keep a process alive on their own; its close flushes them.
    this.timer.unref();
  }

  /** Writes what is buffered now, after any batch already being written. */
  flush(): Promise<void> {
    if (this.timer) {
      clearTimeout(this.timer);
      this.timer = undefined;
    }
    this.writing = this.writing.then(() => this.write());
    return this.writing;
  }
}
