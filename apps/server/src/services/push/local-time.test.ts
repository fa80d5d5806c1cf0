import { describe, expect, it } from 'vitest';
import { firstAllowedAt, isQuietMinute, localClock, minutesOf, reminderMinute } from './local-time.js';

const NIGHT = { quietStart: '22:00', quietEnd: '08:00' };

describe('local time', () => {
  it('reads the date and minute on the viewer’s clock', () => {
    // 2026-03-01 21:30 UTC is 00:30 the next day in Istanbul (UTC+3).
    expect(localClock(new Date('2026-03-01T21:30:00Z'), 'Europe/Istanbul')).toEqual({ date: '2026-03-02', minute: 30 });
    expect(localClock(new Date('2026-03-01T21:30:00Z'), 'America/New_York')).toEqual({
      date: '2026-03-01',
      minute: 16 * 60 + 30,
    });
    expect(minutesOf('07:45')).toBe(465);
  });

  it('keeps quiet hours that run past midnight, and none when start equals end', () => {
    expect(isQuietMinute(minutesOf('21:59'), NIGHT)).toBe(false);
    expect(isQuietMinute(minutesOf('22:00'), NIGHT)).toBe(true);
    expect(isQuietMinute(minutesOf('03:00'), NIGHT)).toBe(true);
    expect(isQuietMinute(minutesOf('08:00'), NIGHT)).toBe(false);
    expect(isQuietMinute(minutesOf('13:00'), { quietStart: '12:00', quietEnd: '14:00' })).toBe(true);
    expect(isQuietMinute(minutesOf('15:00'), { quietStart: '12:00', quietEnd: '14:00' })).toBe(false);
    expect(isQuietMinute(minutesOf('03:00'), { quietStart: '00:00', quietEnd: '00:00' })).toBe(false);
  });

  it('holds what falls inside quiet hours until they end', () => {
    const prefs = { ...NIGHT, timeZone: 'Europe/Istanbul' };
    // 23:10 in Istanbul → 08:00 the next morning, 05:00 UTC.
    expect(firstAllowedAt(new Date('2026-03-01T20:10:30Z'), prefs).toISOString()).toBe('2026-03-02T05:00:00.000Z');
    // 07:59 → 08:00.
    expect(firstAllowedAt(new Date('2026-03-02T04:59:00Z'), prefs).toISOString()).toBe('2026-03-02T05:00:00.000Z');
    const noon = new Date('2026-03-02T09:00:00Z');
    expect(firstAllowedAt(noon, prefs)).toBe(noon);
  });

  it('moves a reminder set inside quiet hours to their end', () => {
    expect(reminderMinute('20:00', NIGHT)).toBe(minutesOf('20:00'));
    expect(reminderMinute('23:30', NIGHT)).toBe(minutesOf('08:00'));
    expect(reminderMinute('06:00', NIGHT)).toBe(minutesOf('08:00'));
  });
});
