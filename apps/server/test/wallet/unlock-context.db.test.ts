import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UnlockContextRepository } from '../../src/repositories/unlock-context.repository.js';
import { seedDrama, type SeededDrama } from '../helpers/catalog-fixture.js';
import { createWalletKit, type WalletKit } from './wallet-kit.js';

/**
 * The statement that opens an unlock of one episode: the episode's pricing and the buyer's wallet
 * row with the due-lot hint, on either driver.
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

const read = (episodeId: number, userId: number) =>
  kit.t.app.database.db.transaction((tx) => repo.lockForEpisode(episodeId, userId, kit.clock.now(), tx));

describe('UnlockContextRepository.lockForEpisode', () => {
  it('reads the pricing and the buyer with their balance', async () => {
    const session = await kit.user();
    await kit.credit(session.user.uid, 45);
    const episode = seeded.episodes[1]!;
    expect(await read(episode.id, session.user.uid)).toEqual({
      episode: { id: episode.id, number: 2, dramaId: seeded.drama.id },
      drama: { id: seeded.drama.id, freeEpisodes: 1, episodePrice: 30, allPrice: 70 },
      holder: { id: session.user.uid, coin: 45, vipExpiresAt: null, deletedAt: null, dueHint: false },
    });
  });

  it('says when a lot of the owner is due', async () => {
    const session = await kit.user();
    await kit.credit(session.user.uid, 5, {
      kind: 'giveaway',
      expiresAt: new Date(kit.clock.now().getTime() + 60_000),
    });
    expect((await read(seeded.episodes[1]!.id, session.user.uid))?.holder?.dueHint).toBe(false);
    kit.clock.advance(120);
    expect((await read(seeded.episodes[1]!.id, session.user.uid))?.holder?.dueHint).toBe(true);
  });

  it('keeps the episode without such a user, and has nothing for an unknown episode', async () => {
    const found = await read(seeded.episodes[2]!.id, 2_000_000_000);
    expect(found).toMatchObject({ episode: { id: seeded.episodes[2]!.id } });
    expect(found?.holder).toBeUndefined();
    const session = await kit.user();
    expect(await read(2_000_000_000, session.user.uid)).toBeUndefined();
  });
});
