import { Code } from '@cliffhanger/contract';
import type { Db } from '../../db/database.js';
import { AppError } from '../../http/envelope.js';
import type { Clock } from '../../lib/clock.js';
import { DeletedPhonesRepository } from '../../repositories/deleted-phones.repository.js';
import { SmsCodesRepository } from '../../repositories/sms-codes.repository.js';
import { UsersRepository } from '../../repositories/users.repository.js';
import { isStoredMediaPath } from '../../media/storage/media-paths.js';
import type { SessionService } from './session.service.js';
import type { UserService } from '../user.service.js';

export interface AccountServiceDeps {
  db: Db;
  session: SessionService;
  users: UserService;
  clock: Clock;
  /** Runs after the deletion committed: ends what would keep charging the account (subscriptions). */
  afterDelete?: (userId: number) => Promise<void>;
  /** Runs in the deletion's transaction: removes what must go with the account (notification devices). */
  eraseWithAccount?: (userId: number, tx: Db) => Promise<void>;
}

/**
 * Account deletion. The users row stays, anonymised, because the coin ledger will reference it;
 * everything personal goes. The phone survives only as a keyed hash in deleted_phones, which
 * answers "was this number registered before?" for the invite rules (docs/product.md#validation-rules).
 */
export class AccountService {
  private readonly usersRepo: UsersRepository;
  private readonly deletedPhones: DeletedPhonesRepository;
  private readonly smsCodes: SmsCodesRepository;

  constructor(private readonly deps: AccountServiceDeps) {
    this.usersRepo = new UsersRepository(deps.db);
    this.deletedPhones = new DeletedPhonesRepository(deps.db);
    this.smsCodes = new SmsCodesRepository(deps.db);
  }

  async deleteAccount(userId: number): Promise<void> {
    const now = this.deps.clock();
    const avatar = await this.deps.db.transaction(async (tx) => {
      const user = await this.usersRepo.findActiveByIdForUpdate(userId, tx);
      if (!user) return undefined;
      await this.deps.session.revokeAllForUser(userId, tx);
      await this.deps.session.scrubForUser(userId, tx);
      if (user.phone !== null) {
        await this.deletedPhones.add(this.deps.users.phoneHash(user.phone), now, tx);
        await this.smsCodes.deleteForPhone(user.phone, tx);
      }
      await this.deps.eraseWithAccount?.(userId, tx);
      await this.usersRepo.anonymise(userId, now, tx);
      return user.avatar;
    });
    if (avatar === undefined) throw new AppError(Code.SESSION_REVOKED, 'Account deleted');
    // After the commit: a rolled-back deletion must not have lost the user's avatar.
    if (isStoredMediaPath(avatar)) await this.deps.users.deleteMediaQuietly(avatar);
    await this.deps.afterDelete?.(userId);
  }
}
