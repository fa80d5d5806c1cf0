/**
 * "Today" for every daily rule (docs/rewards.md#today): the calendar day in REWARDS_TIME_ZONE at the
 * server's clock. Dates are `YYYY-MM-DD` strings; nothing here reads a date from a client.
 */
export class RewardCalendar {
  private readonly format: Intl.DateTimeFormat;

  constructor(readonly timeZone: string) {
    this.format = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
  }

  /** The local date of `at`. */
  dateOf(at: Date): string {
    const parts = this.partsOf(at);
    return `${parts.year}-${parts.month}-${parts.day}`;
  }

  /** The first instant of `date` in the zone (DST-aware: the offset is read at that instant). */
  startOf(date: string): Date {
    const midnightUtc = Date.parse(`${date}T00:00:00Z`);
    let start = midnightUtc - this.offsetMs(new Date(midnightUtc));
    // Near a DST change the offset at the guess can differ from the offset at the result.
    start = midnightUtc - this.offsetMs(new Date(start));
    return new Date(start);
  }

  /** `[start, end)` of `date` in the zone. */
  boundsOf(date: string): { start: Date; end: Date } {
    return { start: this.startOf(date), end: this.startOf(addDays(date, 1)) };
  }

  /** Milliseconds the zone is ahead of UTC at `at`. */
  private offsetMs(at: Date): number {
    const p = this.partsOf(at);
    const asUtc = Date.UTC(+p.year, +p.month - 1, +p.day, +p.hour, +p.minute, +p.second);
    return asUtc - Math.floor(at.getTime() / 1000) * 1000;
  }

  private partsOf(at: Date): Record<'year' | 'month' | 'day' | 'hour' | 'minute' | 'second', string> {
    const out = { year: '', month: '', day: '', hour: '', minute: '', second: '' };
    for (const part of this.format.formatToParts(at)) {
      if (part.type in out) out[part.type as keyof typeof out] = part.value;
    }
    return out;
  }
}

/** `YYYY-MM-DD` plus `days` (negative: earlier). Calendar arithmetic, no time zone involved. */
export function addDays(date: string, days: number): string {
  const ms = Date.parse(`${date}T00:00:00Z`) + days * 86_400_000;
  return new Date(ms).toISOString().slice(0, 10);
}
