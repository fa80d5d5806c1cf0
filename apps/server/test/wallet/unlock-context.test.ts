import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sha256Hex } from '../../src/lib/tokens.js';
import { UnlockContextRepository } from '../../src/repositories/unlock-context.repository.js';
import { seedDrama, type SeededDrama } from '../helpers/catalog-fixture.js';
import { createWalletKit, type WalletKit } from './wallet-kit.js';

/**
 * The statement that opens an unlock of one episode: the episode's pricing, the presented session
 * as it is, and the owner's wallet row with the due-lot hint, on either driver.
 */
const repo = new UnlockContextRepository();
let kit: WalletKit;
let seeded: SeededDrama;

beforeAll(async () => {
  kit = await createWalletKit();
  seeded = await seedDrama(kit.t.app, { episodes: 3, freeEpisodes: 1, episodePrice: 30, allPrice: 70 });
});
afterAll(async () => {
  await kit?.close();
});

const read = (episodeId: number, hash: string) =>
  kit.t.app.database.db.transaction((tx) => repo.lockForEpisode(episodeId, hash, kit.clock.now(), tx));

describe('UnlockContextRepository.lockForEpisode', () => {
  it('reads the pricing, the session of an access or a refresh token, and the owner with their balance', async () => {
    const session = await kit.user();
    await kit.credit(session.user.uid, 45);
    const episode = seeded.episodes[1]!;
    for (const token of [session.token, session.refresh_token]) {
      const found = await read(episode.id, sha256Hex(token));
      expect(found).toMatchObject({
        episode: { id: episode.id, number: 2, dramaId: seeded.drama.id },
        drama: { id: seeded.drama.id, freeEpisodes: 1, episodePrice: 30, allPrice: 70 },
        session: { session: { userId: session.user.uid, revokedAt: null }, userDeletedAt: null },
        holder: { id: session.user.uid, coin: 45, vipExpiresAt: null, deletedAt: null, dueHint: false },
      });
      expect(found?.session?.session.tokenExpiresAt).toBeInstanceOf(Date);
      expect(found?.session?.session.tokenHash).toBe(sha256Hex(session.token));
    }
  });

  it('says when a lot of the owner is due', async () => {
    const session = await kit.user();
    await kit.credit(session.user.uid, 5, {
      kind: 'giveaway',
      expiresAt: new Date(kit.clock.now().getTime() + 60_000),
    });
    expect((await read(seeded.episodes[1]!.id, sha256Hex(session.token)))?.holder?.dueHint).toBe(false);
    kit.clock.advance(120);
    expect((await read(seeded.episodes[1]!.id, sha256Hex(session.token)))?.holder?.dueHint).toBe(true);
  });

  it('keeps the episode without a session, and has nothing for an unknown episode', async () => {
    const found = await read(seeded.episodes[2]!.id, sha256Hex('no such token'));
    expect(found).toMatchObject({ episode: { id: seeded.episodes[2]!.id }, session: undefined, holder: undefined });
    const session = await kit.user();
    expect(await read(2_000_000_000, sha256Hex(session.token))).toBeUndefined();
  });
});
