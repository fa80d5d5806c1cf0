import {
  walletGroupOf,
  walletKindsOf,
  type Language,
  type WalletEntry,
  type WalletPage,
  type WalletQuery,
  type WalletSubject,
} from '@cliffhanger/contract';
import type { WalletEntryRow } from '../../db/wallet.schema.js';
import type { Clock } from '../../lib/clock.js';
import type { DramasRepository } from '../../repositories/dramas.repository.js';
import type { EpisodesRepository } from '../../repositories/episodes.repository.js';
import type { WalletEntriesRepository } from '../../repositories/wallet-entries.repository.js';
import type { WalletLotsRepository } from '../../repositories/wallet-lots.repository.js';
import { decodeWalletCursor, encodeWalletCursor } from './wallet-cursor.js';
import { ledgerKeys } from './ledger-keys.js';
import type { WalletService } from './wallet.service.js';
import { localise } from '../catalog/localise.js';

/** How many distinct expiry moments the wallet lists (check-in lots: at most one a day). */
const EXPIRING_LIMIT = 20;

export interface WalletHistoryServiceDeps {
  clock: Clock;
  wallet: WalletService;
  entries: WalletEntriesRepository;
  lots: WalletLotsRepository;
  dramas: Pick<DramasRepository, 'findByIds'>;
  episodes: Pick<EpisodesRepository, 'findByIds'>;
}

/** An unlock's ref (unlock.service.ts): `episode:<id>` or `drama:<id>:all`. */
function parseUnlockRef(ref: string | null): { episodeId: number } | { dramaId: number } | null {
  const episode = /^episode:(\d+)$/.exec(ref ?? '');
  if (episode) return { episodeId: Number(episode[1]) };
  const drama = /^drama:(\d+):all$/.exec(ref ?? '');
  if (drama) return { dramaId: Number(drama[1]) };
  return null;
}

function toWalletEntry(row: WalletEntryRow, subject: WalletSubject | null = null): WalletEntry {
  return {
    id: row.id,
    kind: row.kind,
    group: walletGroupOf(row.kind),
    amount: row.amount,
    balance_after: row.balanceAfter,
    created_at: row.createdAt.toISOString(),
    expires_at: row.lotExpiresAt?.toISOString() ?? null,
    ref: row.ref,
    subject,
  };
}

/** GET /wallet: the balance, what expires when, and the ledger newest first by cursor. */
export class WalletHistoryService {
  constructor(private readonly deps: WalletHistoryServiceDeps) {}

  /**
   * The entries of one order (its pack's credit, the reversals of refunds and disputes), oldest
   * first, each with its idempotency key (which refund or dispute it answers); for the console.
   */
  async orderEntries(userId: number, orderPublicId: string): Promise<Array<WalletEntry & { key: string }>> {
    const rows = await this.deps.entries.withRef(userId, ledgerKeys.orderCredit(orderPublicId));
    return rows.map((row) => ({ ...toWalletEntry(row), key: row.idempotencyKey }));
  }

  async page(userId: number, query: WalletQuery): Promise<WalletPage> {
    const { deps } = this;
    const beforeId = query.cursor === undefined ? undefined : decodeWalletCursor(query.cursor);
    // Lazy expiry: the page must never show coins that have already expired.
    const balance = await deps.wallet.balance(userId);
    const rows = await deps.entries.page({
      userId,
      kinds: query.type === 'all' ? undefined : walletKindsOf(query.type),
      beforeId,
      limit: query.size + 1,
    });
    const list = rows.slice(0, query.size);
    const last = list.at(-1);
    const expiring = await deps.lots.expiring(userId, deps.clock(), EXPIRING_LIMIT);
    const subjects = await this.subjects(list, query.lang);
    return {
      list: list.map((row) => toWalletEntry(row, subjects.get(row.id) ?? null)),
      next_cursor: rows.length > query.size && last ? encodeWalletCursor(last.id) : null,
      balance,
      expiring: expiring.map((lot) => ({ amount: lot.amount, expires_at: lot.expiresAt.toISOString() })),
    };
  }

  /**
   * "Consumption" alone does not say what was bought: each unlock entry is named by its drama
   * (in the viewer's language) and episode, read in two queries for the whole page.
   */
  private async subjects(
    rows: readonly WalletEntryRow[],
    lang: Language | undefined,
  ): Promise<Map<number, WalletSubject>> {
    const refs = rows.map((row) => ({ row, ref: parseUnlockRef(row.ref) }));
    const episodeIds = refs.flatMap(({ ref }) => (ref && 'episodeId' in ref ? [ref.episodeId] : []));
    const episodes = new Map((await this.deps.episodes.findByIds(episodeIds)).map((e) => [e.id, e]));
    const dramaIds = refs.flatMap(({ ref }) => (ref && 'dramaId' in ref ? [ref.dramaId] : []));
    for (const episode of episodes.values()) dramaIds.push(episode.dramaId);
    const dramas = new Map((await this.deps.dramas.findByIds([...new Set(dramaIds)])).map((d) => [d.id, d]));
    const subjects = new Map<number, WalletSubject>();
    for (const { row, ref } of refs) {
      if (!ref) continue;
      const episode = 'episodeId' in ref ? episodes.get(ref.episodeId) : undefined;
      const drama = dramas.get('dramaId' in ref ? ref.dramaId : (episode?.dramaId ?? -1));
      if (!drama || ('episodeId' in ref && !episode)) continue;
      subjects.set(row.id, {
        drama_id: drama.id,
        drama_title: localise(drama.title, lang),
        episode_number: episode?.number ?? null,
      });
    }
    return subjects;
  }
}
