import { Code, REWARDS } from '@cliffhanger/contract';
import { AppError } from '../../http/envelope.js';
import type { InviteParty } from '../../repositories/invites.repository.js';

const DAY_MS = 86_400_000;

/** The end of a user's window to enter a code: 3 days after registering (docs/product.md#invite-window). */
export function enterCodeUntil(invitee: Pick<InviteParty, 'createdAt'>): Date {
  return new Date(invitee.createdAt.getTime() + REWARDS.inviteWindowDays * DAY_MS);
}

/**
 * The invite rules (docs/rewards.md#invites-get-invite-put-inviteinvite_code), in the order a user can act
 * on: a code that names nobody (Code.INVITE_CODE_INVALID), one's own (INVITE_OWN_CODE), an invitee who is not
 * a new user (a deleted account's phone counts as registered, INVITE_NOT_NEW_USER), who already has an
 * inviter (INVITE_ALREADY_INVITED), who registered too long ago (INVITE_WINDOW_PASSED), and an inviter whose
 * invites are all counted already (INVITE_INVITER_LIMIT); then the farming guards: an inviter who was invited
 * by this invitee (INVITE_RECIPROCAL) and an inviter with INVITE_SAME_NETWORK_CAP invites already from
 * networks the two share (INVITE_SAME_NETWORK).
 */
export function checkInvite(input: {
  inviter: InviteParty | undefined;
  invitee: InviteParty;
  alreadyInvited: boolean;
  inviterCount: number;
  /** The inviter was invited by this invitee. */
  reciprocal: boolean;
  /** Set when the two share a network: how many of the inviter's invites already do, and the cap. */
  sameNetwork: { count: number; cap: number } | null;
  now: Date;
}): InviteParty {
  const { inviter, invitee } = input;
  if (!inviter || inviter.deletedAt) throw new AppError(Code.INVITE_CODE_INVALID, 'Unknown invite code');
  if (inviter.id === invitee.id) throw new AppError(Code.INVITE_OWN_CODE, 'Own invite code');
  if (invitee.phoneSeenBefore) throw new AppError(Code.INVITE_NOT_NEW_USER, 'Not a new user');
  if (input.alreadyInvited) throw new AppError(Code.INVITE_ALREADY_INVITED, 'Already invited');
  if (input.now.getTime() >= enterCodeUntil(invitee).getTime()) {
    throw new AppError(Code.INVITE_WINDOW_PASSED, 'Invite window has passed');
  }
  if (input.inviterCount >= REWARDS.maxInvites) throw new AppError(Code.INVITE_INVITER_LIMIT, 'Inviter limit reached');
  // Two accounts of one person inviting each other would both be paid: one direction only.
  if (input.reciprocal) throw new AppError(Code.INVITE_RECIPROCAL, 'The inviter was invited by this user');
  if (input.sameNetwork && input.sameNetwork.count >= input.sameNetwork.cap) {
    throw new AppError(Code.INVITE_SAME_NETWORK, 'Too many invites from a network the inviter shares', {
      same_network_cap: input.sameNetwork.cap,
    });
  }
  return inviter;
}
