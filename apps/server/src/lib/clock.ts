/**
 * "Now", injected wherever a rule depends on time (code expiry, token lifetimes, VIP state), so
 * tests move time forward instead of sleeping.
 */
export type Clock = () => Date;

export const systemClock: Clock = () => new Date();

export function addSeconds(date: Date, seconds: number): Date {
  return new Date(date.getTime() + seconds * 1000);
}

/** `clock` moved by `offsetS` seconds (CLOCK_OFFSET_S); the clock itself when the offset is 0. */
export function offsetClock(clock: Clock, offsetS: number): Clock {
  return offsetS === 0 ? clock : () => addSeconds(clock(), offsetS);
}
