import { Code } from '@cliffhanger/contract';
import type { OperatorAccount } from '@cliffhanger/contract/console';
import type { Db } from '../../db/database.js';
import type { OperatorRole, OperatorRow } from '../../db/schema.js';
import { AppError } from '../../http/envelope.js';
import type { Clock } from '../../lib/clock.js';
import { OperatorsAuditRepository } from '../../repositories/operators-audit.repository.js';
import { OperatorsSessionsRepository } from '../../repositories/operators-sessions.repository.js';
import { OperatorsRepository, type OperatorListRow } from '../../repositories/operators.repository.js';
import { newEnrolment } from './enrolment-link.js';
import type { AuditActor, OperatorAccountsService } from './operator-accounts.service.js';

/** An admin's change: who (the signed-in admin) and why. */
interface AdminActor {
  operatorId: number;
  reason?: string | undefined;
}

/** A change that handed out an enrolment link: the token goes into the link once, and is not stored. */
interface IssuedEnrolment {
  operator: OperatorAccount;
  enrolmentToken: string;
  expiresAt: Date;
}

/** Can act as an admin right now: the role, enabled, and enrolled (a password and authenticator set). */
function isActiveAdmin(operator: OperatorRow): boolean {
  return operator.role === 'admin' && operator.disabledAt === null && operator.enrolledAt !== null;
}

function accountOf({ operator, enrolmentOpenUntil }: OperatorListRow, now: Date): OperatorAccount {
  const iso = (date: Date | null) => (date === null ? null : date.toISOString());
  return {
    id: operator.id,
    email: operator.email,
    role: operator.role,
    enrolled: operator.enrolledAt !== null,
    disabled: operator.disabledAt !== null,
    created_at: operator.createdAt.toISOString(),
    last_sign_in_at: iso(operator.lastSignInAt),
    last_seen_at: iso(operator.lastSeenAt),
    locked_until:
      operator.lockedUntil !== null && operator.lockedUntil > now ? operator.lockedUntil.toISOString() : null,
    enrolment_open_until: iso(enrolmentOpenUntil),
  };
}

const notFound = () => new AppError(Code.NOT_FOUND, 'No such operator');
const selfChange = () =>
  new AppError(Code.OPERATOR_SELF_CHANGE, 'An admin cannot change their own role, disable, reset or unlock themselves');
const lastAdmin = () => new AppError(Code.OPERATOR_LAST_ADMIN, 'This would leave no admin who can sign in');

/**
 * What admins do to other operators (docs/console.md#operators): invite, change a role, disable and
 * enable, reset a lost authenticator, lift a lock. Each change is audited in its own transaction.
 * Two rules keep the console governable: an admin never acts on their own account here (a stolen
 * session cannot lift its own lock or lock its owner out), and at least one enabled, enrolled
 * admin always remains.
 */
export class OperatorAdminService {
  private readonly operators: OperatorsRepository;
  private readonly sessions: OperatorsSessionsRepository;
  private readonly audit: OperatorsAuditRepository;

  constructor(private readonly deps: { db: Db; clock: Clock; accounts: OperatorAccountsService }) {
    this.operators = new OperatorsRepository(deps.db);
    this.sessions = new OperatorsSessionsRepository(deps.db);
    this.audit = new OperatorsAuditRepository(deps.db);
  }

  async list(): Promise<OperatorAccount[]> {
    const now = this.deps.clock();
    const rows = await this.operators.listWithEnrolments(now);
    return rows.map((row) => accountOf(row, now));
  }

  /** The same creation as `npm run console -- create-operator`, by a signed-in admin. */
  async invite(email: string, role: OperatorRole, by: AdminActor): Promise<IssuedEnrolment> {
    const actor: AuditActor = { operatorId: by.operatorId, reason: by.reason };
    const created = await this.deps.accounts.createOperator(email, role, actor);
    return {
      operator: await this.account(created.operatorId),
      enrolmentToken: created.enrolmentToken,
      expiresAt: created.expiresAt,
    };
  }

  async changeRole(targetId: number, role: OperatorRole, by: AdminActor): Promise<OperatorAccount> {
    await this.change(targetId, by, async (target, tx, activeAdmins) => {
      if (target.role === role) return undefined;
      if (isActiveAdmin(target) && role !== 'admin') assertAnotherAdmin(target, activeAdmins);
      await this.operators.setRole(target.id, role, tx);
      return { action: 'operator.role', before: { role: target.role }, after: { role } };
    });
    return this.account(targetId);
  }

  /** Disabled operators cannot sign in, and every session they have ends in the same transaction. */
  async disable(targetId: number, by: AdminActor): Promise<OperatorAccount> {
    await this.change(targetId, by, async (target, tx, activeAdmins) => {
      if (target.disabledAt !== null) return undefined;
      if (isActiveAdmin(target)) assertAnotherAdmin(target, activeAdmins);
      await this.operators.setDisabledAt(target.id, this.deps.clock(), tx);
      const ended = await this.sessions.deleteAllOf(target.id, tx);
      return {
        action: 'operator.disable',
        before: { disabled: false },
        after: { disabled: true, sessions_ended: ended },
      };
    });
    return this.account(targetId);
  }

  async enable(targetId: number, by: AdminActor): Promise<OperatorAccount> {
    await this.change(targetId, by, async (target, tx) => {
      if (target.disabledAt === null) return undefined;
      await this.operators.setDisabledAt(target.id, null, tx);
      return { action: 'operator.enable', before: { disabled: true }, after: { disabled: false } };
    });
    return this.account(targetId);
  }

  /**
   * For a lost authenticator (or password): the operator goes back to "invited", loses password,
   * TOTP secret, recovery codes and sessions, and gets a new enrolment link; older links stop
   * working. A disabled operator can be reset, but the link only works once they are enabled.
   */
  async reset(targetId: number, by: AdminActor): Promise<IssuedEnrolment> {
    const now = this.deps.clock();
    const enrolment = newEnrolment(now);
    await this.change(targetId, by, async (target, tx, activeAdmins) => {
      if (isActiveAdmin(target)) assertAnotherAdmin(target, activeAdmins);
      await this.operators.clearCredentials(target.id, tx);
      await this.operators.closeEnrolments(target.id, now, tx);
      await this.operators.insertEnrolment(
        { operatorId: target.id, tokenHash: enrolment.tokenHash, expiresAt: enrolment.expiresAt, createdAt: now },
        tx,
      );
      const ended = await this.sessions.deleteAllOf(target.id, tx);
      return {
        action: 'operator.reset',
        before: { enrolled: target.enrolledAt !== null },
        after: { enrolled: false, sessions_ended: ended, enrolment_expires_at: enrolment.expiresAt.toISOString() },
      };
    });
    return { operator: await this.account(targetId), enrolmentToken: enrolment.token, expiresAt: enrolment.expiresAt };
  }

  /** Lifts a lock set by failed attempts before its 15 minutes run out. */
  async unlock(targetId: number, by: AdminActor): Promise<OperatorAccount> {
    await this.change(targetId, by, async (target, tx) => {
      if (target.lockedUntil === null && target.failedSignIns === 0) return undefined;
      await this.operators.unlock(target.id, tx);
      return {
        action: 'operator.unlock',
        before: { locked_until: target.lockedUntil?.toISOString() ?? null, failed_sign_ins: target.failedSignIns },
        after: { locked_until: null, failed_sign_ins: 0 },
      };
    });
    return this.account(targetId);
  }

  private async account(id: number): Promise<OperatorAccount> {
    const now = this.deps.clock();
    const [row] = await this.operators.listWithEnrolments(now, id);
    if (!row) throw notFound();
    return accountOf(row, now);
  }

  /**
   * One admin change in a transaction: the active admins are locked first (always in the same
   * order, so two admins acting on each other queue rather than deadlock), then the target; `apply`
   * makes the change and answers what to audit, or undefined when there was nothing to change (a
   * repeat: nothing is written).
   */
  private async change(
    targetId: number,
    by: AdminActor,
    apply: (
      target: OperatorRow,
      tx: Db,
      activeAdmins: readonly number[],
    ) => Promise<{ action: string; before: unknown; after: unknown } | undefined>,
  ): Promise<void> {
    if (targetId === by.operatorId) throw selfChange();
    await this.deps.db.transaction(async (tx) => {
      const activeAdmins = await this.operators.lockActiveAdmins(tx);
      const target = await this.operators.findByIdForUpdate(targetId, tx);
      if (!target) throw notFound();
      const change = await apply(target, tx, activeAdmins);
      if (!change) return;
      await this.audit.insert(
        {
          operatorId: by.operatorId,
          at: this.deps.clock(),
          action: change.action,
          target: `operator:${target.id}`,
          before: change.before,
          after: change.after,
          reason: by.reason ?? '',
        },
        tx,
      );
    });
  }
}

/** The target is an active admin about to stop being one: refused unless another stays. */
function assertAnotherAdmin(target: OperatorRow, activeAdmins: readonly number[]): void {
  if (!activeAdmins.some((id) => id !== target.id)) throw lastAdmin();
}
