import type { Db } from '../../db/database.js';
import type { Clock } from '../../lib/clock.js';
import type { RewardsTasksRepository } from '../../repositories/rewards-tasks.repository.js';
import type { ProgressEvent, ProgressListener } from '../social/history.service.js';
import type { RewardCalendar } from './reward-calendar.js';

/** A video counts once watched this far: 30 s, or 60 % of a shorter episode. */
const WATCH_MIN_SECONDS = 30;
const WATCH_MIN_FRACTION = 0.6;
/** A play older than this does not vouch for a progress report. */
const PLAY_LOOKBACK_MS = 24 * 60 * 60 * 1000;
/** Counted episodes remembered per process: a day of a busy process's viewers, then forgotten. */
const MAX_REMEMBERED = 100_000;

function watchThresholdS(durationS: number): number {
  return Math.min(WATCH_MIN_SECONDS, durationS * WATCH_MIN_FRACTION);
}

/**
 * Feeds the watch-video task from saved progress (PUT /history, which already refuses episodes
 * the viewer may not watch). A video counts, once per episode and server day, when the reported
 * position reaches the threshold AND the server handed out the episode's playback at least that
 * many seconds earlier AND at least that many seconds passed since the viewer's previous counted
 * video. Watch time is the viewer's, not the episode's: ten episodes "played" side by side take
 * as long to count as ten watched one after another. A client claiming "watched" without having
 * played, or faster than real time, counts nothing.
 */
export class WatchTaskRecorder implements ProgressListener {
  /**
   * `<uid>:<episode>:<day>` this process saw counted. A progress save arrives every few seconds
   * and most are past the threshold: without this, each would open a transaction only to find
   * the episode already counted. Counting is forever for its day, so remembering it is never
   * wrong; a process that does not remember asks the database, as before.
   */
  private readonly counted = new Set<string>();

  constructor(
    private readonly deps: {
      db: Db;
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
    const memo = `${event.userId}:${event.episode.id}:${today}`;
    if (this.counted.has(memo)) return;
    const watchedBy = new Date(event.at.getTime() - threshold * 1000);
    await this.deps.plays.flush();
    const counted = await this.deps.db.transaction(async (tx) => {
      // Parallel reports for different episodes queue here and see each other's counts.
      await tasks.lockWatcher(event.userId, tx);
      if (await tasks.hasWatched(event.userId, today, event.episode.id, tx)) return true;
      const playedFrom = new Date(event.at.getTime() - PLAY_LOOKBACK_MS);
      if (!(await tasks.playedBetween(event.userId, event.episode.id, playedFrom, watchedBy, tx))) return false;
      const last = await tasks.lastWatchedAt(event.userId, tx);
      if (last && last.getTime() > watchedBy.getTime()) return false;
      await tasks.insertWatched(event.userId, today, event.episode.id, event.at, tx);
      return true;
    });
    if (counted) this.remember(memo);
  }

  private remember(memo: string): void {
    if (this.counted.size >= MAX_REMEMBERED) this.counted.clear();
    this.counted.add(memo);
  }
}
