import { asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import { sessions } from '../db/auth.schema.js';
import { queryRows } from '../db/query-rows.js';
import type { Db } from '../db/database.js';
import { invites, type InviteRow } from '../db/rewards.schema.js';
import { users, type UserRow } from '../db/users.schema.js';

const partyColumns = {
  id: users.id,
  nickname: users.nickname,
  avatar: users.avatar,
  inviteCode: users.inviteCode,
  phoneSeenBefore: users.phoneSeenBefore,
  createdAt: users.createdAt,
  deletedAt: users.deletedAt,
};

/** The columns of a user the invite rules look at. */
export type InviteParty = Pick<UserRow, keyof typeof partyColumns>;

/** SQL for invites and the users they join. */
export class InvitesRepository {
  constructor(private readonly db: Db) {}

  async findUser(id: number, tx: Db = this.db): Promise<InviteParty | undefined> {
    const [row] = await tx.select(partyColumns).from(users).where(eq(users.id, id)).limit(1);
    return row;
  }

  async findUserByCode(code: string, tx: Db = this.db): Promise<InviteParty | undefined> {
    const [row] = await tx.select(partyColumns).from(users).where(eq(users.inviteCode, code)).limit(1);
    return row;
  }

  /**
   * Row-locks both users in id order until the transaction ends: entries by one invitee, and
   * entries of one inviter's code, run one after another, and two users entering each other's
   * codes cannot deadlock.
   */
  async lockUsers(ids: number[], tx: Db): Promise<void> {
    await tx.select({ id: users.id }).from(users).where(inArray(users.id, ids)).orderBy(asc(users.id)).for('update');
  }

  async findByInvitee(inviteeId: number, tx: Db = this.db): Promise<InviteRow | undefined> {
    const [row] = await tx.select().from(invites).where(eq(invites.inviteeId, inviteeId)).limit(1);
    return row;
  }

  /**
   * Do the two users share a network: has either ever signed in from an IP the other signed in
   * from? Session rows keep the IP of every sign-in, revoked or not.
   */
  async shareNetwork(a: number, b: number, tx: Db = this.db): Promise<boolean> {
    const [row] = await queryRows<{ shared: boolean }>(
      tx,
      sql`select exists (
        select 1 from ${sessions} s1 join ${sessions} s2 on s1.ip = s2.ip
        where s1.user_id = ${a} and s2.user_id = ${b} and s1.ip <> ''
      ) as shared`,
    );
    return row?.shared === true;
  }

  /** The inviter's invitees who share a network with the inviter (see shareNetwork). */
  async countSameNetworkInvites(inviterId: number, tx: Db = this.db): Promise<number> {
    const [row] = await tx
      .select({ n: count() })
      .from(invites)
      .where(
        sql`${invites.inviterId} = ${inviterId} and exists (
          select 1 from ${sessions} s1 join ${sessions} s2 on s1.ip = s2.ip
          where s1.user_id = ${invites.inviterId} and s2.user_id = ${invites.inviteeId} and s1.ip <> ''
        )`,
      );
    return row?.n ?? 0;
  }

  async countByInviter(inviterId: number, tx: Db = this.db): Promise<number> {
    const [row] = await tx.select({ n: count() }).from(invites).where(eq(invites.inviterId, inviterId));
    return row?.n ?? 0;
  }

  async sumRewardsOf(inviterId: number, tx: Db = this.db): Promise<number> {
    const rows = await tx
      .select({ reward: invites.inviterReward })
      .from(invites)
      .where(eq(invites.inviterId, inviterId));
    return rows.reduce((sum, row) => sum + row.reward, 0);
  }

  async insert(row: InviteRow, tx: Db = this.db): Promise<void> {
    await tx.insert(invites).values(row);
  }

  /** The invitees of an inviter, newest first. */
  async recordsOf(inviterId: number, limit: number, tx: Db = this.db) {
    return tx
      .select({
        nickname: users.nickname,
        avatar: users.avatar,
        createdAt: invites.createdAt,
        inviterReward: invites.inviterReward,
      })
      .from(invites)
      .innerJoin(users, eq(users.id, invites.inviteeId))
      .where(eq(invites.inviterId, inviterId))
      .orderBy(desc(invites.createdAt), desc(invites.inviteeId))
      .limit(limit);
  }
}
