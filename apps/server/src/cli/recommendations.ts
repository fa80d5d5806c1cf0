import { fail, runMain } from '../config.js';
import { systemClock } from '../lib/clock.js';
import { CUTOFF, evaluateRecommendations } from '../services/recommendations/evaluation/evaluate-recommendations.js';
import { DEFAULT_WORLD } from '../services/recommendations/evaluation/synthetic-watch-logs.js';
import { RecommendationsRefreshService } from '../services/recommendations/recommendations-refresh.service.js';
import { withCliDatabase } from './cli-config.js';

/**
 * The For You feed's ranking (docs/recommendations.md):
 * - `npm run recs -- refresh` recomputes the co-watch neighbours and trending dramas in the
 *   configured database now, as the `recommendations-refresh` job does every half hour;
 * - `npm run recs:evaluate [-- --seed N]` runs the offline evaluation on synthetic watch logs (no
 *   database) and prints hit rate at 10 for the personal ranking, the mixed feed and popularity.
 * Exit codes: 0 done, 2 usage or setup error.
 */
const USAGE = 'Usage: npm run recs -- refresh | npm run recs -- evaluate [--seed N]';

const percent = (rate: number) => `${(rate * 100).toFixed(1)} %`;

async function main(argv: readonly string[]): Promise<void> {
  const [command, ...rest] = argv;
  if (command === 'refresh' && rest.length === 0) {
    await withCliDatabase(async (database) => {
      const done = await new RecommendationsRefreshService({ db: database.db, clock: systemClock }).refresh();
      process.stdout.write(
        `Refreshed the recommendations: ${done.viewers} viewers, ${done.dramas_with_neighbours} dramas with neighbours, ${done.trending} trending, in ${done.duration_ms} ms\n`,
      );
    });
    return;
  }
  if (command !== 'evaluate') fail(USAGE, 2);
  let seed = DEFAULT_WORLD.seed;
  if (rest.length > 0) {
    if (rest.length !== 2 || rest[0] !== '--seed' || !/^\d{1,9}$/.test(rest[1] ?? '')) fail(USAGE, 2);
    seed = Number(rest[1]);
  }
  const { world, judged, hitRate } = evaluateRecommendations({ ...DEFAULT_WORLD, seed });
  process.stdout.write(
    [
      `Synthetic world: seed ${world.seed}, ${world.viewers} viewers, ${world.dramas} dramas in ${world.clusters} taste clusters,`,
      `  taste ${world.taste}, popularity Zipf ${world.popularitySkew}, ${world.minWatched}–${world.maxWatched} dramas per viewer`,
      `Leave-last-out over ${judged} viewers, hit rate at ${CUTOFF}:`,
      `  popularity        ${percent(hitRate.popularity)}`,
      `  personal ranking  ${percent(hitRate.personal)} (${(hitRate.personal / hitRate.popularity).toFixed(2)}× popularity)`,
      `  For You feed      ${percent(hitRate.feed)} (2 personal : 1 trending)`,
      '',
    ].join('\n'),
  );
}

runMain(() => main(process.argv.slice(2)), 'recs failed: ', 2);
