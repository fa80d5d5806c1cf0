import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/query-rows.js';
import { UnlockContextRepository } from '../../src/repositories/unlock-context.repository.js';
import { seedDrama } from '../helpers/catalog-fixture.js';
import { createWalletKit, type WalletKit } from './wallet-kit.js';

/**
 * The statement that opens an unlock holds the buyer's row until its transaction ends,
 * as the wallet's own lock does: another connection cannot lock it meanwhile. Real PostgreSQL
 * only (PGlite has one connection).
 */
let kit: WalletKit;

beforeAll(async () => {
  kit = await createWalletKit();
});
afterAll(async () => {
  await kit?.close();
});

/** Locks the user's row from another pooled connection without waiting: the error's code, or 'locked'. */
async function tryLock(userId: number): Promise<string> {
  try {
    await queryRows(kit.t.app.database.db, sql`SELECT id FROM users WHERE id = ${userId} FOR UPDATE NOWAIT`);
    return 'locked';
  } catch (error) {
    return String(
      (error as { cause?: { code?: string }; code?: string }).cause?.code ?? (error as { code?: string }).code,
    );
  }
}

describe('the lock taken by the unlock context', () => {
  it('holds the owner (not anyone else) until the transaction ends', async () => {
    const { episodes } = await seedDrama(kit.t.app, { episodes: 2, freeEpisodes: 0 });
    const owner = await kit.user();
    const other = await kit.user();
    const repo = new UnlockContextRepository();
    let during: string[] = [];
    await kit.t.app.database.db.transaction(async (tx) => {
      const found = await repo.lockForEpisode(episodes[0]!.id, owner.user.uid, kit.clock.now(), tx);
      expect(found?.holder?.id).toBe(owner.user.uid);
      during = [await tryLock(owner.user.uid), await tryLock(other.user.uid)];
    });
    // 55P03: lock_not_available. The other user's row was free all along (the positive control).
    expect(during).toEqual(['55P03', 'locked']);
    expect(await tryLock(owner.user.uid)).toBe('locked');
  });

  it('locks nothing for an unknown user', async () => {
    const { episodes } = await seedDrama(kit.t.app, { episodes: 1, freeEpisodes: 0 });
    const user = await kit.user();
    let during = '';
    await kit.t.app.database.db.transaction(async (tx) => {
      const found = await new UnlockContextRepository().lockForEpisode(
        episodes[0]!.id,
        2_000_000_000,
        kit.clock.now(),
        tx,
      );
      expect(found?.holder).toBeUndefined();
      during = await tryLock(user.user.uid);
    });
    expect(during).toBe('locked');
  });
});
