import type { Clock } from '../../lib/clock.js';
import type { RewardsTasksRepository } from '../../repositories/rewards-tasks.repository.js';
import type { ProgressEvent, ProgressListener } from '../social/history.service.js';
import type { RewardCalendar } from './reward-calendar.js';

/** A video counts once watched this far: 30 s, or 60 % of a shorter episode. */
export const WATCH_MIN_SECONDS = 30;
export const WATCH_MIN_FRACTION = 0.6;
/** A play older than this does not vouch for a progress report. */
const PLAY_LOOKBACK_MS = 24 * 60 * 60 * 1000;

export function watchThresholdS(durationS: number): number {
  return Math.min(WATCH_MIN_SECONDS, durationS * WATCH_MIN_FRACTION);
}

/**
 * Feeds the watch-video task from saved progress (PUT /history, which already refuses episodes
 * the viewer may not watch). A video counts, once per episode and server day, when the reported
 * position reaches the threshold AND the server handed out the episode's playback at least that
 * many seconds earlier: a client claiming "watched" without having played, or faster than real
 * time, counts nothing.
 */
export class WatchTaskRecorder implements ProgressListener {
  constructor(
    private readonly deps: {
      clock: Clock;
      calendar: RewardCalendar;
      tasks: RewardsTasksRepository;
      /** Plays are written in batches; this process's pending ones are written before the read. */
      plays: { flush(): Promise<void> };
    },
  ) {}

  async progressSaved(event: ProgressEvent): Promise<void> {
    const threshold = watchThresholdS(event.episode.durationS);
    if (event.positionS < threshold) return;
    const { tasks, calendar } = this.deps;
    const today = calendar.dateOf(event.at);
    if (await tasks.hasWatched(event.userId, today, event.episode.id)) return;
    const playedFrom = new Date(event.at.getTime() - PLAY_LOOKBACK_MS);
    const playedBy = new Date(event.at.getTime() - threshold * 1000);
    await this.deps.plays.flush();
    if (!(await tasks.playedBetween(event.userId, event.episode.id, playedFrom, playedBy))) return;
    await tasks.insertWatched(event.userId, today, event.episode.id, event.at);
  }
}
