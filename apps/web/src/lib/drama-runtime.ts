/** A drama's running time, in the units its facts show it: whole seconds under a minute, else hours and minutes. */
export type Runtime = { unit: 'seconds'; seconds: number } | { unit: 'minutes'; hours: number; minutes: number };

/**
 * The sum of the episodes' lengths, rounded to what a viewer reads: seconds for a drama shorter
 * than a minute (a trailer-sized demo), else minutes (half a minute up), split into hours.
 * A broken length (negative, not a number) counts as nothing.
 */
export function dramaRuntime(durations: readonly number[]): Runtime {
  const total = durations.reduce((sum, d) => sum + (Number.isFinite(d) && d > 0 ? d : 0), 0);
  const seconds = Math.round(total);
  if (seconds < 60) return { unit: 'seconds', seconds };
  const minutes = Math.round(total / 60);
  return { unit: 'minutes', hours: Math.floor(minutes / 60), minutes: minutes % 60 };
}
