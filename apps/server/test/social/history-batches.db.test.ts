import { Code, type DramaDetail, type HistoryItem, type Page, type Playback } from '@cliffhanger/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../src/app.js';
import { loadConfig, MEMORY_DATA_DIR } from '../../src/config.js';
import { createDatabase } from '../../src/db/create-database.js';
import { queryRows } from '../../src/db/query-rows.js';
import { RecordingSmsSender } from '../fakes/recording-sms-sender.js';
import { envelope, signIn } from '../helpers/accounts.js';
import { seedDrama, type SeededDrama } from '../helpers/catalog-fixture.js';
import { createTestDatabaseUrl } from '../helpers/test-app.js';
import { createSocialKit, type SocialKit } from './social-kit.js';

/**
 * PUT /history answers once the save is judged; the row is written with the other saves of the
 * same second (ProgressBatcher). This process's readers see a save at once.
 */
let kit: SocialKit;
let seeded: SeededDrama;

beforeAll(async () => {
  kit = await createSocialKit();
  seeded = await seedDrama(kit.t.app, { episodes: 4, freeEpisodes: 2 });
});
afterAll(async () => {
  await kit?.close();
});

const saves = () => kit.t.app.services.social.progressSaves;
const save = (token: string, payload: unknown) => kit.call('PUT', '/history', { token, payload });
const episodeId = (n: number) => seeded.episodes[n - 1]!.id;
/** The viewer's row as the database holds it now (nothing flushed first). */
const rowNow = async (userId: number) => {
  const [row] = await queryRows<{ episode_id: number | string; position_s: number }>(
    kit.t.app.database.db,
    sql`SELECT episode_id, position_s FROM watch_history WHERE user_id = ${userId} AND drama_id = ${seeded.drama.id}`,
  );
  return row && { episodeId: Number(row.episode_id), positionS: row.position_s };
};

describe('PUT /history in batches', () => {
  it('answers before the row is written, and the next batch writes it', async () => {
    const me = await kit.user();
    expect(envelope(await save(me.token, { episode_id: episodeId(1), position_s: 3 })).code).toBe(Code.OK);
    expect(saves().pendingIn(me.user.uid, seeded.drama.id)).toEqual({ episodeId: episodeId(1), positionS: 3 });
    // Within about a second, without anything flushing it.
    await vi.waitFor(async () => expect(await rowNow(me.user.uid)).toEqual({ episodeId: episodeId(1), positionS: 3 }), {
      timeout: 5000,
      interval: 100,
    });
    expect(saves().pendingIn(me.user.uid, seeded.drama.id)).toBeUndefined();
  });

  it('keeps the last of two saves, and the play, the drama page and GET /history show it at once', async () => {
    const me = await kit.user();
    await save(me.token, { episode_id: episodeId(1), position_s: 2 });
    await saves().flush();
    expect(await rowNow(me.user.uid)).toEqual({ episodeId: episodeId(1), positionS: 2 });

    kit.clock.advance(5);
    await save(me.token, { episode_id: episodeId(2), position_s: 1 });
    kit.clock.advance(5);
    await save(me.token, { episode_id: episodeId(2), position_s: 4.5 });
    expect(saves().pendingIn(me.user.uid, seeded.drama.id)).toEqual({ episodeId: episodeId(2), positionS: 4.5 });

    const play = await kit.call('GET', `/episodes/${episodeId(2)}/play`, { token: me.token });
    expect(envelope<Playback>(play).data.position_s).toBe(4.5);
    const page = await kit.call('GET', `/dramas/${seeded.drama.id}`, { token: me.token });
    expect(envelope<DramaDetail>(page).data.progress).toEqual({ episode_id: episodeId(2), position_s: 4.5 });

    const [item] = envelope<Page<HistoryItem>>(await kit.call('GET', '/history', { token: me.token })).data.list;
    expect(item).toMatchObject({
      id: seeded.drama.id,
      episode_id: episodeId(2),
      position_s: 4.5,
      watched_at: kit.clock.now().toISOString(),
    });
    // Listing wrote the viewer's pending save.
    expect(await rowNow(me.user.uid)).toEqual({ episodeId: episodeId(2), positionS: 4.5 });
  });

  it('a save older than the row (from another process) does not take it back', async () => {
    const me = await kit.user();
    await save(me.token, { episode_id: episodeId(2), position_s: 5 });
    await saves().flush();
    // As if another process had written a save made before this one.
    saves().add({
      userId: me.user.uid,
      dramaId: seeded.drama.id,
      episodeId: episodeId(1),
      positionS: 1,
      updatedAt: new Date(kit.clock.now().getTime() - 1000),
    });
    await saves().flush();
    expect(await rowNow(me.user.uid)).toEqual({ episodeId: episodeId(2), positionS: 5 });
  });

  it('removing a drama from the history also removes its pending save', async () => {
    const me = await kit.user();
    await save(me.token, { episode_id: episodeId(1), position_s: 2 });
    const removed = await kit.call('DELETE', `/history/${seeded.drama.id}`, { token: me.token });
    expect(envelope(removed).data).toEqual({ removed: 1 });
    await saves().flush();
    expect(await rowNow(me.user.uid)).toBeUndefined();
  });

  it('refuses a locked or unknown episode at once, queueing nothing', async () => {
    const me = await kit.user();
    const locked = await save(me.token, { episode_id: episodeId(3), position_s: 2 });
    expect([locked.statusCode, envelope(locked).code]).toEqual([200, Code.EPISODE_LOCKED]);
    const unknown = await save(me.token, { episode_id: 99_999_999, position_s: 2 });
    expect([unknown.statusCode, envelope(unknown).code]).toEqual([404, Code.NOT_FOUND]);
    expect(saves().hasPending(me.user.uid)).toBe(false);
  });
});

/** What the driver is asked to run while `run` runs: each statement a round trip, each transaction one more. */
async function statementsDuring(run: () => Promise<unknown>): Promise<string[]> {
  type Client = Record<'query' | 'connect' | 'transaction', ((...args: unknown[]) => unknown) | undefined>;
  const client = (kit.t.app.database.db as unknown as { $client: Client }).$client;
  const seen: string[] = [];
  const originals = { query: client.query, connect: client.connect, transaction: client.transaction };
  // node-postgres's pool.query checks a client out itself (synchronously): that is not a transaction.
  let inQuery = false;
  const watch = (name: keyof Client, describe: (args: unknown[]) => string | undefined) => {
    const original = originals[name];
    if (!original) return;
    client[name] = function (this: unknown, ...args: unknown[]) {
      const seenAs = describe(args);
      if (seenAs !== undefined) seen.push(seenAs);
      const outer = inQuery;
      inQuery = name === 'query';
      try {
        return original.apply(this, args);
      } finally {
        inQuery = outer;
      }
    };
  };
  watch('query', ([query]) => (typeof query === 'string' ? query : String((query as { text?: unknown }).text)));
  // node-postgres checks a client out for a transaction; PGlite runs it through `transaction`.
  watch('connect', () => (inQuery ? undefined : 'a transaction'));
  watch('transaction', () => 'a transaction');
  try {
    await run();
  } finally {
    Object.assign(client, originals);
  }
  return seen;
}

describe('round trips', () => {
  it('a save is one statement, and a batch of saves one more', async () => {
    const viewers = [await kit.user(), await kit.user(), await kit.user()];
    await saves().flush();
    for (const viewer of viewers) {
      // Below the watch-video task's threshold, which has reads of its own past it.
      const statements = await statementsDuring(() => save(viewer.token, { episode_id: episodeId(1), position_s: 1 }));
      expect(statements).toHaveLength(1);
      expect(statements[0]).toContain('episode_unlocks');
    }
    const written = await statementsDuring(() => saves().flush());
    expect(written).toHaveLength(1);
    expect(written[0]).toContain('INSERT INTO watch_history');
  });

  it('past the watch-video threshold, only the save that counts the episode opens a transaction', async () => {
    const me = await kit.user();
    // The seeded episodes last 6 s: 3.6 s counts, once the play is that old.
    expect(envelope(await kit.call('GET', `/episodes/${episodeId(1)}/play`, { token: me.token })).code).toBe(Code.OK);
    kit.clock.advance(10);
    const counting = await statementsDuring(() => save(me.token, { episode_id: episodeId(1), position_s: 4 }));
    expect(counting).toContain('a transaction');
    kit.clock.advance(5);
    const later = await statementsDuring(() => save(me.token, { episode_id: episodeId(1), position_s: 5 }));
    expect(later).toHaveLength(1);
  });
});

describe('PUT /history reads the session in its own statement', () => {
  const codeOf = async (token: string, payload: unknown) => {
    const res = await save(token, payload);
    return [res.statusCode, envelope(res).code];
  };
  const good = () => ({ episode_id: episodeId(1), position_s: 1 });

  it('accepts the refresh token as well as the access token', async () => {
    const me = await kit.user();
    expect(await codeOf(me.token, good())).toEqual([200, Code.OK]);
    expect(await codeOf(me.refresh_token, good())).toEqual([200, Code.OK]);
  });

  it('answers the session code before a missing or locked episode and before a bad body', async () => {
    const unknown = 'B'.repeat(43);
    for (const payload of [good(), { episode_id: 99_999_999, position_s: 1 }, { episode_id: 'x' }]) {
      expect(await codeOf(unknown, payload)).toEqual([401, Code.NOT_SIGNED_IN]);
    }
    expect(await codeOf('not a token!', good())).toEqual([401, Code.NOT_SIGNED_IN]);

    const loggedOut = await kit.user();
    await kit.call('POST', '/auth/logout', { token: loggedOut.token });
    const deleted = await kit.user();
    await kit.call('DELETE', '/user', { token: deleted.token });
    for (const token of [loggedOut.token, deleted.token]) {
      for (const payload of [good(), { episode_id: episodeId(3), position_s: 1 }, { position_s: -1 }]) {
        expect(await codeOf(token, payload)).toEqual([401, Code.SESSION_REVOKED]);
      }
    }

    const expiring = await kit.user();
    kit.clock.advance(7200);
    expect(await codeOf(expiring.token, good())).toEqual([401, Code.SESSION_EXPIRED]);
    expect(await codeOf(expiring.token, { episode_id: 'x' })).toEqual([401, Code.SESSION_EXPIRED]);
    expect(await codeOf(expiring.refresh_token, good())).toEqual([200, Code.OK]);
    expect(await codeOf(expiring.refresh_token, { episode_id: 'x' })).toEqual([400, Code.INVALID_INPUT]);
  });
});

describe('closing the app', () => {
  it('writes the saves still pending before the database closes', async () => {
    const target = await createTestDatabaseUrl();
    const database = await createDatabase({ databaseUrl: target.databaseUrl, dataDir: MEMORY_DATA_DIR });
    try {
      const sms = new RecordingSmsSender();
      const app = await buildApp(
        loadConfig({
          LOG_LEVEL: 'silent',
          DATA_DIR: MEMORY_DATA_DIR,
          WEB_DIST_DIR: '/nonexistent/cliffhanger-web-dist',
          DEMO_CATALOG: 'false',
          ...(target.databaseUrl ? { DATABASE_URL: target.databaseUrl } : {}),
        }),
        { database, smsSender: sms },
      );
      const own = await seedDrama(app, { episodes: 1, freeEpisodes: 1 });
      const viewer = await signIn({ app, sms });
      const res = await app.inject({
        method: 'PUT',
        url: '/api/v1/history',
        headers: { authorization: viewer.token },
        payload: { episode_id: own.episodes[0]!.id, position_s: 4 },
      });
      expect(envelope(res).code).toBe(Code.OK);
      await app.close();
      // The app closed; the database (ours) is still open and holds what was pending.
      const rows = await queryRows<{ position_s: number }>(
        database.db,
        sql`SELECT position_s FROM watch_history WHERE user_id = ${viewer.user.uid}`,
      );
      expect(rows).toEqual([{ position_s: 4 }]);
    } finally {
      await database.close();
      await target.drop();
    }
  });
});
