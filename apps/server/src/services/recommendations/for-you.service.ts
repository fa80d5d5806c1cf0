import type { FeedItem, ForYouPage, Language } from '@cliffhanger/contract';
import type { Clock } from '../../lib/clock.js';
import type { RecommendationsRepository } from '../../repositories/recommendations.repository.js';
import { toDramaCard } from '../catalog/drama-card.js';
import { mixFeed, rankBySimilarity, SEED_WEIGHTS, type Seed } from './feed-ranking.js';
import type { Neighbour } from './co-watch-similarity.js';

/** Dramas per page: a page is a few minutes of swiping. */
const FOR_YOU_PAGE_SIZE = 10;
/** The feed's length: past this many openings a viewer is better served by browsing. */
const FEED_MAX = 100;

export interface ForYouServiceDeps {
  recommendations: RecommendationsRepository;
  clock: Clock;
  mediaBaseUrl: string;
}

/**
 * The For You feed (docs/recommendations.md#ranking): a signed-in viewer's dramas like the ones
 * they finished, collected or started, two for each trending one; a visitor's, trending only.
 * Finished dramas never appear, nor any a viewer may not see or that has no free episode. Each
 * request reads the viewer's own rows and the stored neighbours and trending list (all by index).
 */
export class ForYouService {
  constructor(private readonly deps: ForYouServiceDeps) {}

  async page(userId: number | null, cursor: string | undefined, lang: Language): Promise<ForYouPage> {
    const { recommendations } = this.deps;
    const now = this.deps.clock();
    const [taste, trending, mostPlayed] = await Promise.all([
      userId === null ? undefined : this.taste(userId),
      recommendations.trending(FEED_MAX),
      recommendations.mostPlayed(now, FEED_MAX),
    ]);
    const finished = taste?.finished ?? new Set<number>();
    // What was played lately first, then the most played of all time: never empty while anything can play.
    const ranked = mixFeed(taste?.personal ?? [], [...trending, ...mostPlayed], finished).slice(0, FEED_MAX * 2);
    const openings = new Map(
      (
        await recommendations.openings(
          ranked.map((r) => r.dramaId),
          now,
        )
      ).map((o) => [o.drama.id, o]),
    );
    const list: FeedItem[] = ranked.flatMap(({ dramaId, reason }) => {
      const opening = openings.get(dramaId);
      if (!opening) return [];
      return [
        {
          drama: toDramaCard(opening.drama, opening.episodeCount, lang, this.deps.mediaBaseUrl),
          episode_id: opening.openingEpisodeId,
          reason,
        },
      ];
    });
    const feed = list.slice(0, FEED_MAX);
    const offset = cursor === undefined ? 0 : Number(cursor);
    const end = offset + FOR_YOU_PAGE_SIZE;
    return { list: feed.slice(offset, end), next_cursor: end < feed.length ? String(end) : null };
  }

  /** The viewer's personal ranking and the dramas they finished. */
  private async taste(userId: number): Promise<{ personal: number[]; finished: Set<number> }> {
    const { recommendations } = this.deps;
    const [history, collected] = await Promise.all([
      recommendations.historySignals(userId),
      recommendations.collected(userId),
    ]);
    const finished = new Set(history.filter((h) => h.finished).map((h) => h.dramaId));
    const weights = new Map<number, number>();
    for (const h of history) weights.set(h.dramaId, h.finished ? SEED_WEIGHTS.finished : SEED_WEIGHTS.started);
    for (const id of collected) weights.set(id, Math.max(weights.get(id) ?? 0, SEED_WEIGHTS.collected));
    const seeds: Seed[] = [...weights].map(([dramaId, weight]) => ({ dramaId, weight }));
    const byDrama = new Map<number, Neighbour[]>();
    for (const row of await recommendations.neighboursOf(seeds.map((s) => s.dramaId))) {
      const list = byDrama.get(row.dramaId) ?? [];
      list.push({ neighbourId: row.neighbourId, score: row.score });
      byDrama.set(row.dramaId, list);
    }
    return { personal: rankBySimilarity(seeds, (id) => byDrama.get(id) ?? [], finished), finished };
  }
}
