import { Code, REWARDS, type EnterInviteResult, type InviteOverview } from '@cliffhanger/contract';
import type { RewardsConfig } from '../../config.js';
import type { Db } from '../../db/database.js';
import { AppError } from '../../http/envelope.js';
import type { Clock } from '../../lib/clock.js';
import type { InviteParty, InvitesRepository } from '../../repositories/invites.repository.js';
import { publicMediaUrl } from '../../media/storage/public-url.js';
import type { WalletService } from '../wallet/wallet.service.js';
import { checkInvite, enterCodeUntil } from './invite-rules.js';
import { ledgerKeys } from '../wallet/ledger-keys.js';

export interface InviteServiceDeps {
  db: Db;
  clock: Clock;
  invites: InvitesRepository;
  wallet: WalletService;
  config: Pick<RewardsConfig, 'inviteReward' | 'inviteeReward' | 'inviteSameNetworkCap'>;
  mediaBaseUrl: string;
}

/**
 * Invites (docs/rewards.md#invites-get-invite-put-inviteinvite_code). Entering a code links the invitee to
 * the inviter and credits the invitee's welcome coins at once; the inviter's coins come through the
 * invite_friends task.
 */
export class InviteService {
  constructor(private readonly deps: InviteServiceDeps) {}

  async overview(userId: number): Promise<InviteOverview> {
    const { deps } = this;
    const me = await this.requireUser(userId);
    const [count, earned, records, mine] = await Promise.all([
      deps.invites.countByInviter(userId),
      deps.invites.sumRewardsOf(userId),
      deps.invites.recordsOf(userId, REWARDS.maxInvites),
      deps.invites.findByInvitee(userId),
    ]);
    const inviter = mine ? await deps.invites.findUser(mine.inviterId) : undefined;
    const until = enterCodeUntil(me);
    const canEnter = !mine && !me.phoneSeenBefore && deps.clock().getTime() < until.getTime();
    return {
      invite_code: me.inviteCode,
      invited_count: count,
      earned,
      records: records.map((row) => ({
        nickname: row.nickname,
        avatar: publicMediaUrl(deps.mediaBaseUrl, row.avatar),
        joined_at: row.createdAt.toISOString(),
        reward: row.inviterReward,
      })),
      inviter: inviter ? { nickname: inviter.nickname } : null,
      can_enter_code: canEnter,
      enter_code_until: canEnter ? until.toISOString() : null,
      rules: {
        window_days: REWARDS.inviteWindowDays,
        max_invites: REWARDS.maxInvites,
        inviter_reward: deps.config.inviteReward,
        invitee_reward: deps.config.inviteeReward,
      },
    };
  }

  /**
   * Both users are row-locked (in id order) before any rule is checked, so parallel entries by one
   * invitee make one relationship, and parallel invitees of one inviter never pass the cap.
   */
  async enter(userId: number, code: string): Promise<EnterInviteResult> {
    const { deps } = this;
    return deps.db.transaction(async (tx) => {
      const found = await deps.invites.findUserByCode(code, tx);
      await deps.invites.lockUsers(found ? [userId, found.id] : [userId], tx);
      const invitee = await this.requireUser(userId, tx);
      const now = deps.clock();
      const inviterRow = found && found.id !== userId ? await deps.invites.findUser(found.id, tx) : undefined;
      const sameNetwork =
        inviterRow && (await deps.invites.shareNetwork(inviterRow.id, userId, tx))
          ? { count: await deps.invites.countSameNetworkInvites(inviterRow.id, tx), cap: deps.config.inviteSameNetworkCap }
          : null;
      const inviter = checkInvite({
        inviter: found && found.id === userId ? found : inviterRow,
        invitee,
        alreadyInvited: (await deps.invites.findByInvitee(userId, tx)) !== undefined,
        inviterCount: found ? await deps.invites.countByInviter(found.id, tx) : 0,
        reciprocal: inviterRow ? (await deps.invites.findByInvitee(inviterRow.id, tx))?.inviterId === userId : false,
        sameNetwork,
        now,
      });
      await deps.invites.insert(
        { inviteeId: userId, inviterId: inviter.id, inviterReward: deps.config.inviteReward, createdAt: now },
        tx,
      );
      const credit = await deps.wallet.credit(
        {
          userId,
          kind: 'invitee_reward',
          amount: deps.config.inviteeReward,
          key: ledgerKeys.inviteeWelcome(),
          ref: `invite:by:${inviter.id}`,
        },
        tx,
      );
      return { inviter_nickname: inviter.nickname, reward: deps.config.inviteeReward, balance: credit.balance };
    });
  }

  private async requireUser(userId: number, tx?: Db): Promise<InviteParty> {
    const user = await this.deps.invites.findUser(userId, tx);
    if (!user || user.deletedAt) throw new AppError(Code.SESSION_REVOKED, 'Account deleted');
    return user;
  }
}
