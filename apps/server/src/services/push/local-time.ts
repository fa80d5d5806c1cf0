/**
 * A viewer's own clock: the local date and minute of an instant in their IANA zone, and quiet
 * hours over it. Times are `HH:MM`.
 */

const MINUTE_MS = 60_000;
const DAY_MINUTES = 24 * 60;

const formats = new Map<string, Intl.DateTimeFormat>();

function formatIn(timeZone: string): Intl.DateTimeFormat {
  let format = formats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    formats.set(timeZone, format);
  }
  return format;
}

/** Minutes since midnight of `HH:MM`. */
export function minutesOf(time: string): number {
  const [hours, minutes] = time.split(':').map(Number);
  return (hours ?? 0) * 60 + (minutes ?? 0);
}

/** The local date (`YYYY-MM-DD`) and minute of the day of `at` in `timeZone`. */
export function localClock(at: Date, timeZone: string): { date: string; minute: number } {
  const parts = Object.fromEntries(
    formatIn(timeZone)
      .formatToParts(at)
      .map((part) => [part.type, part.value]),
  );
  return { date: `${parts.year}-${parts.month}-${parts.day}`, minute: Number(parts.hour) * 60 + Number(parts.minute) };
}

export interface QuietHours {
  quietStart: string;
  quietEnd: string;
}

/** Whether minute `minute` of the day is inside quiet hours (which may run past midnight; start = end: none). */
export function isQuietMinute(minute: number, { quietStart, quietEnd }: QuietHours): boolean {
  const start = minutesOf(quietStart);
  const end = minutesOf(quietEnd);
  if (start === end) return false;
  return start < end ? minute >= start && minute < end : minute >= start || minute < end;
}

/**
 * The first instant at or after `at` outside the viewer's quiet hours: `at` itself, or the end of
 * the quiet hours it falls in. Counted in minutes from `at`, so on the night a zone changes its
 * clocks the end can land an hour off; a notification is then early or late by that hour.
 */
export function firstAllowedAt(at: Date, prefs: QuietHours & { timeZone: string }): Date {
  const { minute } = localClock(at, prefs.timeZone);
  if (!isQuietMinute(minute, prefs)) return at;
  const wait = (minutesOf(prefs.quietEnd) - minute + DAY_MINUTES) % DAY_MINUTES;
  const startOfMinute = Math.floor(at.getTime() / MINUTE_MS) * MINUTE_MS;
  return new Date(startOfMinute + wait * MINUTE_MS);
}

/**
 * The minute of the day a daily reminder set for `time` is sent: `time`, or the end of quiet hours
 * when `time` falls inside them.
 */
export function reminderMinute(time: string, quiet: QuietHours): number {
  const minute = minutesOf(time);
  return isQuietMinute(minute, quiet) ? minutesOf(quiet.quietEnd) : minute;
}
