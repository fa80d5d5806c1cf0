/** A clock tests move by hand: expiry and window rules are tested without sleeping. */
export class TestClock {
  private current: Date;

  constructor(start: Date | string = '2026-11-21T10:00:00.000Z') {
    this.current = new Date(start);
  }

  /** Pass as `clock` to createTestApp / services. */
  readonly now = (): Date => new Date(this.current);

  advance(seconds: number): void {
    this.current = new Date(this.current.getTime() + seconds * 1000);
  }

  set(date: Date | string): void {
    this.current = new Date(date);
  }
}
