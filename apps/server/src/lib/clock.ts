/**
 * "Now", injected wherever a rule depends on time (code expiry, token lifetimes, VIP state), so
 * tests move time forward instead of sleeping.
 */
export type Clock = () => Date;

export const systemClock: Clock = () => new Date();

export function addSeconds(date: Date, seconds: number): Date {
  return new Date(date.getTime() + seconds * 1000);
}
