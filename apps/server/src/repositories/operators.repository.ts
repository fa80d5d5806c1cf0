import { and, asc, eq, gt, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../db/database.js';
import {
  operatorEnrolments,
  operatorRecoveryCodes,
  operators,
  type OperatorRole,
  type OperatorRow,
} from '../db/schema.js';

type EnrolmentRow = typeof operatorEnrolments.$inferSelect;

/** What completing an enrolment writes to the operator. */
interface Enrolled {
  passwordHash: string;
  totpSecret: string;
  lastTotpStep: number;
  enrolledAt: Date;
}

/** An operator with the end of their open enrolment link (null when none is open). */
export interface OperatorListRow {
  operator: OperatorRow;
  enrolmentOpenUntil: Date | null;
}

/** SQL for operators, their enrolment links and their recovery codes. */
export class OperatorsRepository {
  constructor(private readonly db: Db) {}

  /** Every operator by e-mail, with the latest expiry of an unused enrolment link still open at `now`. */
  async listWithEnrolments(now: Date, id?: number): Promise<OperatorListRow[]> {
    const openUntil = this.db
      .select({
        operatorId: operatorEnrolments.operatorId,
        until: sql<Date>`max(${operatorEnrolments.expiresAt})`.as('until'),
      })
      .from(operatorEnrolments)
      .where(and(isNull(operatorEnrolments.usedAt), gt(operatorEnrolments.expiresAt, now)))
      .groupBy(operatorEnrolments.operatorId)
      .as('open_enrolments');
    const rows = await this.db
      .select({ operator: operators, until: openUntil.until })
      .from(operators)
      .leftJoin(openUntil, eq(openUntil.operatorId, operators.id))
      .where(id === undefined ? undefined : eq(operators.id, id))
      .orderBy(asc(operators.email));
    // A max() over a subquery arrives as text on some drivers: normalised here.
    return rows.map((row) => ({ operator: row.operator, enrolmentOpenUntil: row.until ? new Date(row.until) : null }));
  }

  /**
   * Locks the admins who can act (enabled and enrolled), in id order so that concurrent changes
   * queue instead of deadlocking, and answers their ids. After waiting, PostgreSQL re-reads each
   * row, so an admin another transaction just demoted or disabled is no longer in the answer.
   */
  async lockActiveAdmins(tx: Db): Promise<number[]> {
    const rows = await tx
      .select({ id: operators.id })
      .from(operators)
      .where(and(eq(operators.role, 'admin'), isNull(operators.disabledAt), isNotNull(operators.enrolledAt)))
      .orderBy(asc(operators.id))
      .for('update');
    return rows.map((row) => row.id);
  }

  async findByIdForUpdate(id: number, tx: Db): Promise<OperatorRow | undefined> {
    const [row] = await tx.select().from(operators).where(eq(operators.id, id)).for('update');
    return row;
  }

  async setRole(id: number, role: OperatorRole, tx: Db): Promise<void> {
    await tx.update(operators).set({ role }).where(eq(operators.id, id));
  }

  async setDisabledAt(id: number, disabledAt: Date | null, tx: Db): Promise<void> {
    await tx.update(operators).set({ disabledAt }).where(eq(operators.id, id));
  }

  async unlock(id: number, tx: Db): Promise<void> {
    await tx.update(operators).set({ failedSignIns: 0, lockedUntil: null }).where(eq(operators.id, id));
  }

  /** Back to "invited": no password, no authenticator, no recovery codes. */
  async clearCredentials(id: number, tx: Db): Promise<void> {
    await tx
      .update(operators)
      .set({
        passwordHash: null,
        totpSecret: null,
        lastTotpStep: null,
        enrolledAt: null,
        failedSignIns: 0,
        lockedUntil: null,
      })
      .where(eq(operators.id, id));
    await tx.delete(operatorRecoveryCodes).where(eq(operatorRecoveryCodes.operatorId, id));
  }

  async setPasswordHash(id: number, passwordHash: string, tx: Db = this.db): Promise<void> {
    await tx.update(operators).set({ passwordHash }).where(eq(operators.id, id));
  }

  async recordSignIn(id: number, at: Date): Promise<void> {
    await this.db.update(operators).set({ lastSignInAt: at, lastSeenAt: at }).where(eq(operators.id, id));
  }

  async recordSeen(id: number, at: Date): Promise<void> {
    await this.db.update(operators).set({ lastSeenAt: at }).where(eq(operators.id, id));
  }

  /** Uses up every open enrolment link of the operator: a link shown before a reset stops working. */
  async closeEnrolments(operatorId: number, now: Date, tx: Db): Promise<void> {
    await tx
      .update(operatorEnrolments)
      .set({ usedAt: now })
      .where(and(eq(operatorEnrolments.operatorId, operatorId), isNull(operatorEnrolments.usedAt)));
  }

  async insert(values: { email: string; role: OperatorRole; createdAt: Date }, tx: Db = this.db): Promise<OperatorRow> {
    const [row] = await tx.insert(operators).values(values).returning();
    if (!row) throw new Error('insert into operators returned no row');
    return row;
  }

  async findByEmail(email: string): Promise<OperatorRow | undefined> {
    const [row] = await this.db.select().from(operators).where(eq(operators.email, email));
    return row;
  }

  async findById(id: number, tx: Db = this.db): Promise<OperatorRow | undefined> {
    const [row] = await tx.select().from(operators).where(eq(operators.id, id));
    return row;
  }

  async setEnrolled(id: number, values: Enrolled, tx: Db = this.db): Promise<void> {
    await tx
      .update(operators)
      .set({ ...values, failedSignIns: 0, lockedUntil: null })
      .where(eq(operators.id, id));
  }

  /** One more failure, counted by the database so that concurrent attempts all count; the new count. */
  async countFailure(id: number): Promise<number> {
    const [row] = await this.db
      .update(operators)
      .set({ failedSignIns: sql`${operators.failedSignIns} + 1` })
      .where(eq(operators.id, id))
      .returning({ failedSignIns: operators.failedSignIns });
    return row?.failedSignIns ?? 0;
  }

  async lock(id: number, until: Date): Promise<void> {
    await this.db.update(operators).set({ failedSignIns: 0, lockedUntil: until }).where(eq(operators.id, id));
  }

  /**
   * Clears the failures after a successful sign-in and, for a TOTP code, records its time step.
   * False when that step (or a later one) was accepted already: the code is being reused, possibly
   * by a concurrent sign-in that won the race.
   */
  async acceptSignIn(id: number, totpStep: number | null): Promise<boolean> {
    const rows = await this.db
      .update(operators)
      .set({ failedSignIns: 0, lockedUntil: null, ...(totpStep === null ? {} : { lastTotpStep: totpStep }) })
      .where(
        totpStep === null
          ? eq(operators.id, id)
          : and(eq(operators.id, id), or(isNull(operators.lastTotpStep), lt(operators.lastTotpStep, totpStep))),
      )
      .returning({ id: operators.id });
    return rows.length === 1;
  }

  async insertEnrolment(
    values: { operatorId: number; tokenHash: string; expiresAt: Date; createdAt: Date },
    tx: Db = this.db,
  ): Promise<void> {
    await tx.insert(operatorEnrolments).values(values);
  }

  /** The enrolment of this token while it is unused and `now` is before its expiry. */
  async findOpenEnrolment(tokenHash: string, now: Date): Promise<EnrolmentRow | undefined> {
    const [row] = await this.db
      .select()
      .from(operatorEnrolments)
      .where(
        and(
          eq(operatorEnrolments.tokenHash, tokenHash),
          isNull(operatorEnrolments.usedAt),
          gt(operatorEnrolments.expiresAt, now),
        ),
      );
    return row;
  }

  async setPendingTotpSecret(enrolmentId: number, secret: string): Promise<void> {
    await this.db
      .update(operatorEnrolments)
      .set({ pendingTotpSecret: secret })
      .where(eq(operatorEnrolments.id, enrolmentId));
  }

  /** Marks the enrolment used; false when another request used it first. */
  async useEnrolment(enrolmentId: number, now: Date, tx: Db = this.db): Promise<boolean> {
    const rows = await tx
      .update(operatorEnrolments)
      .set({ usedAt: now })
      .where(and(eq(operatorEnrolments.id, enrolmentId), isNull(operatorEnrolments.usedAt)))
      .returning({ id: operatorEnrolments.id });
    return rows.length === 1;
  }

  /** Replaces the operator's recovery codes by these hashes. */
  async replaceRecoveryCodes(operatorId: number, codeHashes: readonly string[], tx: Db = this.db): Promise<void> {
    await tx.delete(operatorRecoveryCodes).where(eq(operatorRecoveryCodes.operatorId, operatorId));
    await tx.insert(operatorRecoveryCodes).values(codeHashes.map((codeHash) => ({ operatorId, codeHash })));
  }

  /** Marks an unused recovery code used; false when there is no such unused code. */
  async useRecoveryCode(operatorId: number, codeHash: string, now: Date): Promise<boolean> {
    const rows = await this.db
      .update(operatorRecoveryCodes)
      .set({ usedAt: now })
      .where(
        and(
          eq(operatorRecoveryCodes.operatorId, operatorId),
          eq(operatorRecoveryCodes.codeHash, codeHash),
          isNull(operatorRecoveryCodes.usedAt),
        ),
      )
      .returning({ id: operatorRecoveryCodes.id });
    return rows.length === 1;
  }
}
