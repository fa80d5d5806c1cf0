import {
  CHART_SIZE,
  envelopeSchema,
  getCharts,
  type ChartEntry,
  type ChartKind,
  type Charts,
  type Language,
} from '@cliffhanger/contract';
import { ok } from '../../http/envelope.js';
import { PreparedAnswer } from '../../http/prepared-answer.js';
import type { Clock } from '../../lib/clock.js';
import type { ChartsRepository } from '../../repositories/charts.repository.js';
import { toDramaCard } from '../catalog/drama-card.js';
import type { PublicAnswerCache } from '../catalog/public-answer-cache.js';

export interface ChartsServiceDeps {
  charts: ChartsRepository;
  /** The catalogue's public answers: cleared on a catalogue change, kept at most their TTL. */
  cache: PublicAnswerCache;
  clock: Clock;
  mediaBaseUrl: string;
  publicMaxAgeS: number;
}

/**
 * The home charts as viewers get them (docs/product.md#charts): the last count of the
 * `charts-refresh` job, of dramas released now, served from memory like home. A drama unpublished
 * since the count is left out and the ones below it move up, so ranks always run 1, 2, 3 ….
 */
export class ChartsService {
  constructor(private readonly deps: ChartsServiceDeps) {}

  answer(lang: Language): Promise<PreparedAnswer> {
    return this.deps.cache.get(`charts:${lang}`, async () => {
      const json = JSON.stringify(envelopeSchema(getCharts.data).encode(ok(await this.charts(lang))));
      return new PreparedAnswer(json, `public, max-age=${this.deps.publicMaxAgeS}`);
    });
  }

  async charts(lang: Language): Promise<Charts> {
    const rows = await this.deps.charts.read(this.deps.clock());
    const lists: Record<ChartKind, ChartEntry[]> = {
      most_watched: [],
      rising: [],
      most_collected: [],
    };
    let countedAt: Date | null = null;
    for (const row of rows) {
      const list = lists[row.kind];
      if (list.length < CHART_SIZE) {
        list.push({
          rank: list.length + 1,
          drama: toDramaCard(row.entry.drama, row.entry.episodeCount, lang, this.deps.mediaBaseUrl),
        });
      }
      countedAt = row.countedAt;
    }
    return { ...lists, counted_at: countedAt?.toISOString() ?? null };
  }
}
