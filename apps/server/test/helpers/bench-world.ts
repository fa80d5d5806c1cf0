import { buildApp } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import { seedDrama } from './catalog-fixture.js';

/**
 * Seeds the world of `npm run bench -- writes` (e2e/bench/writes-bench.ts) on the database of the
 * environment, through the app's own services: USERS users, each with a session, coins for every
 * paid episode and an app share today; a drama of paid episodes and one of free episodes. Prints
 * `{tokens, paid, free}` as JSON. The bench runs it on a database it has just created; a
 * production environment is refused.
 *
 * Run as `node --import tsx apps/server/test/helpers/bench-world.ts <users> <paid> <free> <price>`.
 */
const [users, paidEpisodes, freeEpisodes, price] = process.argv.slice(2).map(Number);
if (!users || !paidEpisodes || !freeEpisodes || !price) {
  process.stderr.write('usage: bench-world.ts <users> <paid episodes> <free episodes> <price>\n');
  process.exit(2);
}
const config = loadConfig();
if (config.nodeEnv === 'production') {
  process.stderr.write('bench-world.ts never seeds a production environment\n');
  process.exit(2);
}
const app = await buildApp(config);
try {
  const paid = await seedDrama(app, {
    episodes: paidEpisodes,
    freeEpisodes: 0,
    episodePrice: price,
    allPrice: price * paidEpisodes,
  });
  const free = await seedDrama(app, { episodes: freeEpisodes, freeEpisodes });
  const tokens: string[] = [];
  const seedOne = async (i: number) => {
    const user = await app.services.users.createUser({});
    const session = await app.services.session.issue({ userId: user.id });
    await app.services.wallet.credit({
      userId: user.id,
      kind: 'recharge',
      amount: price * paidEpisodes,
      key: `bench:${i}`,
    });
    await app.services.shares.record(user.id, { target: 'app', channel: 'copy_link' });
    tokens[i] = session.token;
  };
  for (let i = 0; i < users; i += 10) {
    await Promise.all(Array.from({ length: Math.min(10, users - i) }, (_, k) => seedOne(i + k)));
  }
  process.stdout.write(
    `${JSON.stringify({ tokens, paid: paid.episodes.map((e) => e.id), free: free.episodes.map((e) => e.id) })}\n`,
  );
} finally {
  await app.close();
}
