/** How much of an episode was watched, 0–100, whole percent (a position past the end is 100). */
export function watchedPercent(positionS: number, durationS: number): number {
  if (!(durationS > 0) || !(positionS > 0)) return 0;
  return Math.min(100, Math.round((positionS / durationS) * 100));
}

/** Seconds as m:ss (h:mm:ss from an hour on), the way a player shows time. */
export function clockTime(seconds: number): string {
  const total = Number.isFinite(seconds) && seconds > 0 ? Math.floor(seconds) : 0;
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = String(total % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}
