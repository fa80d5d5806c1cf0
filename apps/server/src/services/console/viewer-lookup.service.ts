import { Code, INVITE_CODE_MAX_LENGTH } from '@cliffhanger/contract';
import {
  VIEWER_LEDGER_PAGE_SIZE,
  VIEWER_SECTION_LIMIT,
  type ViewerDetail,
  type ViewerLedgerEntry,
  type ViewerSummary,
} from '@cliffhanger/contract/console';
import type { Db } from '../../db/database.js';
import { AppError } from '../../http/envelope.js';
import { normalisePhone } from '../../lib/phone.js';
import { ConsoleViewersRepository, type ViewerSearch } from '../../repositories/console-viewers.repository.js';
import type { WalletSupportView } from '../wallet/wallet-support-view.js';
import { iso, isoOrNull, ledgerRowOf, viewerSummaryOf } from './viewer-view.js';

const UID_PATTERN = /^[1-9]\d{0,15}$/;

/**
 * What one search box may hold, each read exactly: a uid (digits), a phone number as sign-in
 * takes it (with its country code, any spacing: stored E.164), an invite code (any case), or an
 * order's public id.
 */
function viewerSearchOf(q: string): ViewerSearch {
  const text = q.trim();
  const uid = UID_PATTERN.test(text) ? Number(text) : null;
  return {
    uid: uid !== null && Number.isSafeInteger(uid) ? uid : null,
    phone: normalisePhone(text),
    inviteCode: text.length <= INVITE_CODE_MAX_LENGTH ? text.toUpperCase() : null,
    orderPublicId: text,
  };
}

/**
 * Support's reads of a viewer's account (docs/console.md#viewers): the search, everything on the
 * viewer's page, and the coin ledger in keyset pages. Phone numbers are shown whole: only support
 * and admins open this area.
 */
export class ViewerLookupService {
  private readonly viewers: ConsoleViewersRepository;

  constructor(private readonly deps: { db: Db; ledgers: WalletSupportView }) {
    this.viewers = new ConsoleViewersRepository(deps.db);
  }

  async find(q: string): Promise<ViewerSummary[]> {
    return (await this.viewers.search(viewerSearchOf(q))).map(viewerSummaryOf);
  }

  async detail(uid: number): Promise<ViewerDetail> {
    const user = await this.viewers.find(uid);
    if (!user) throw new AppError(Code.NOT_FOUND, `No viewer ${uid}`);
    const limit = VIEWER_SECTION_LIMIT;
    const [identities, sessions, lots, vipEntries, orders, invites, rewards, plays] = await Promise.all([
      this.viewers.identities(uid),
      this.viewers.sessions(uid, limit),
      this.deps.ledgers.lotsByExpiry(uid),
      this.deps.ledgers.vipEntries(uid, limit),
      this.viewers.orders(uid, limit),
      this.viewers.invites(uid, limit),
      this.viewers.rewards(uid, limit),
      this.viewers.plays(uid, limit),
    ]);
    const party = (p: { uid: number; nickname: string; inviterReward: number; createdAt: Date }) => ({
      uid: p.uid,
      nickname: p.nickname,
      inviter_reward: p.inviterReward,
      created_at: iso(p.createdAt),
    });
    return {
      profile: {
        uid: user.id,
        nickname: user.nickname,
        username: user.username,
        avatar: user.avatar,
        invite_code: user.inviteCode,
        created_at: iso(user.createdAt),
        deleted_at: isoOrNull(user.deletedAt),
        blocked_at: isoOrNull(user.blockedAt),
        block_reason: user.blockReason,
        payment_flagged_at: isoOrNull(user.paymentFlaggedAt),
      },
      sign_in: {
        phone: user.phone,
        password_set: user.passwordHash !== null,
        identities: identities.map((i) => ({ provider: i.provider, created_at: iso(i.createdAt) })),
      },
      sessions: sessions.map((s) => ({
        id: s.id,
        user_agent: s.userAgent,
        ip: s.ip,
        created_at: iso(s.createdAt),
        rotated_at: isoOrNull(s.rotatedAt),
        refresh_expires_at: iso(s.refreshExpiresAt),
        revoked_at: isoOrNull(s.revokedAt),
      })),
      coins: {
        balance: user.coin,
        lots: lots.map((l) => ({ remaining: l.remaining, expires_at: isoOrNull(l.expiresAt) })),
      },
      vip: {
        expires_at: isoOrNull(user.vipExpiresAt),
        entries: vipEntries.map((e) => ({
          id: e.id,
          kind: e.kind,
          seconds: e.seconds,
          expires_after: iso(e.expiresAfter),
          ref: e.ref,
          created_at: iso(e.createdAt),
        })),
      },
      orders: orders.map((o) => ({
        public_id: o.publicId,
        product_id: o.productId,
        kind: o.kind,
        channel: o.channel,
        status: o.status,
        price_cents: o.priceCents,
        currency: o.currency,
        created_at: iso(o.createdAt),
      })),
      invites: {
        invited_by: invites.invitedBy ? party(invites.invitedBy) : null,
        invited: invites.invited.map(party),
      },
      rewards: rewards.map((r) => ({ kind: r.kind, period: r.period, coins: r.coins, created_at: iso(r.createdAt) })),
      plays: plays.map((p) => ({
        drama_id: p.dramaId,
        drama_title: p.dramaTitle,
        episode_id: p.episodeId,
        episode_number: p.episodeNumber,
        position_s: p.positionS,
        updated_at: iso(p.updatedAt),
      })),
    };
  }

  /**
   * The ledger newest first, VIEWER_LEDGER_PAGE_SIZE at a time: `cursor` is the last id shown, so
   * entries written while support reads neither repeat nor shift pages.
   */
  async ledger(uid: number, cursor?: string): Promise<{ list: ViewerLedgerEntry[]; next_cursor: string | null }> {
    if (!(await this.viewers.find(uid))) throw new AppError(Code.NOT_FOUND, `No viewer ${uid}`);
    const size = VIEWER_LEDGER_PAGE_SIZE;
    const rows = await this.deps.ledgers.entries(uid, cursor === undefined ? undefined : Number(cursor), size + 1);
    const shown = rows.slice(0, size);
    const last = shown.at(-1);
    return {
      list: shown.map(ledgerRowOf),
      next_cursor: rows.length > size && last ? String(last.entry.id) : null,
    };
  }
}
