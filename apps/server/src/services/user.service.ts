import {
  Code,
  DEFAULT_PLAYBACK_RATE,
  isPlaybackRate,
  toNickname,
  type PlaybackPreferences,
  type PlaybackRate,
  type UserInfo,
} from '@cliffhanger/contract';
import type { Db } from '../db/database.js';
import type { UserRow } from '../db/schema.js';
import { AppError } from '../http/envelope.js';
import type { Clock } from '../lib/clock.js';
import type { KeyedHasher } from '../lib/keyed-hash.js';
import { isUniqueViolation } from '../lib/pg-errors.js';
import { randomString, UNAMBIGUOUS_ALPHABET } from '../lib/random-string.js';
import { DeletedPhonesRepository } from '../repositories/deleted-phones.repository.js';
import { UsersRepository, type ProfileChanges } from '../repositories/users.repository.js';
import { isStoredMediaPath } from '../media/storage/media-paths.js';
import type { MediaStorage } from '../media/storage/media-storage.js';
import { toUserInfo } from './user-info.js';

export interface CreateUserInput {
  /** E.164, already validated; null/undefined for provider-only accounts. */
  phone?: string | null;
  /** Defaults to `user_<6 random>`; a provider's display name is trimmed and cut to fit. */
  nickname?: string;
  /** Relative media path or a provider's absolute avatar URL. */
  avatar?: string;
}

export interface UpdateProfileInput {
  nickname?: string;
  username?: string;
  avatar?: string;
}

export interface UserServiceDeps {
  db: Db;
  hasher: KeyedHasher;
  media: MediaStorage;
  clock: Clock;
  log: { warn(obj: object, msg: string): void };
}

const INVITE_CODE_LENGTH = 8;
const INVITE_CODE_ATTEMPTS = 10;
const DEFAULT_NICKNAME_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
/** A provider avatar URL longer than this is not worth storing (and no real one is). */
const AVATAR_URL_MAX = 2048;
const USERNAME_UNIQUE_INDEX = 'users_username_unique';

/** A neutral default that reads the same in every language and never collides in practice. */
function defaultNickname(): string {
  return `user_${randomString(6, DEFAULT_NICKNAME_ALPHABET)}`;
}

/** A stored speed in hundredths as the contract's rate; a value the player no longer offers reads as 1. */
function rateOf(pct: number): PlaybackRate {
  const rate = pct / 100;
  return isPlaybackRate(rate) ? rate : DEFAULT_PLAYBACK_RATE;
}

/** Users: creation (every sign-in method), profile reads and edits. */
export class UserService {
  private readonly users: UsersRepository;
  private readonly deletedPhones: DeletedPhonesRepository;

  constructor(private readonly deps: UserServiceDeps) {
    this.users = new UsersRepository(deps.db);
    this.deletedPhones = new DeletedPhonesRepository(deps.db);
  }

  /**
   * Registers an account. Call inside the sign-in transaction (`tx`) so the account exists only
   * if the sign-in completes. A phone that already has a live account raises a unique violation
   * (23505 on users_phone_unique): the caller looks it up first; the index settles races.
   */
  async createUser(input: CreateUserInput, tx?: Db): Promise<UserRow> {
    const phone = input.phone ?? null;
    // A phone of a deleted account: such a user is not new for the invite rules.
    const phoneSeenBefore = phone !== null && (await this.deletedPhones.exists(this.phoneHash(phone), tx));
    const avatar = input.avatar !== undefined && input.avatar.length <= AVATAR_URL_MAX ? input.avatar : '';
    for (let attempt = 0; attempt < INVITE_CODE_ATTEMPTS; attempt += 1) {
      const row = await this.users.insertUnlessInviteCodeTaken(
        {
          phone,
          nickname: toNickname(input.nickname) ?? defaultNickname(),
          avatar,
          inviteCode: randomString(INVITE_CODE_LENGTH, UNAMBIGUOUS_ALPHABET),
          phoneSeenBefore,
          createdAt: this.deps.clock(),
        },
        tx,
      );
      if (row) return row;
    }
    // 31^8 ≈ 8.5e11 codes: ten collisions in a row means something else is wrong.
    throw new Error('could not draw a free invite code');
  }

  /** The live account of a phone (E.164), if any. */
  findByPhone(phone: string, tx?: Db): Promise<UserRow | undefined> {
    return this.users.findByPhone(phone, tx);
  }

  /** A signed-in user whose row is gone was deleted between resolving the token and now. */
  async getActive(id: number, tx?: Db): Promise<UserRow> {
    const row = await this.users.findActiveById(id, tx);
    if (!row) throw new AppError(Code.SESSION_REVOKED, 'Account deleted');
    return row;
  }

  toUserInfo(row: UserRow): UserInfo {
    return toUserInfo(row, this.deps.clock());
  }

  /** GET /user/playback: the speed the viewer last chose on any device (1 until they choose). */
  async playbackPreferences(userId: number): Promise<PlaybackPreferences> {
    return { playback_rate: rateOf((await this.getActive(userId)).playbackRatePct) };
  }

  /** PUT /user/playback: the contract allows only the player's speeds, the table's CHECK the same. */
  async setPlaybackRate(userId: number, rate: PlaybackRate): Promise<PlaybackPreferences> {
    const pct = await this.users.setPlaybackRatePct(userId, Math.round(rate * 100));
    if (pct === undefined) throw new AppError(Code.SESSION_REVOKED, 'Account deleted');
    return { playback_rate: rateOf(pct) };
  }

  /** Keyed hash of a phone, as stored in deleted_phones. */
  phoneHash(phone: string): string {
    return this.deps.hasher.hash(phone);
  }

  async getProfile(userId: number): Promise<UserInfo> {
    return this.toUserInfo(await this.getActive(userId));
  }

  /**
   * PUT /user. Fields arrive validated by the contract (nickname trimmed 1–20, username lowercased
   * 3–20). The avatar can only be what the upload endpoint gave this user, which is already their
   * avatar, or '' to remove it: anything else would let a client point at someone else's file or
   * an arbitrary URL.
   */
  async updateProfile(userId: number, input: UpdateProfileInput): Promise<UserInfo> {
    const current = await this.getActive(userId);
    const changes: ProfileChanges = {};
    if (input.nickname !== undefined) changes.nickname = input.nickname;
    if (input.username !== undefined) changes.username = input.username;
    if (input.avatar !== undefined && input.avatar !== current.avatar) {
      if (input.avatar !== '') {
        throw new AppError(Code.INVALID_INPUT, 'Invalid input', {
          fields: [{ field: 'body.avatar', message: 'must be the path returned by POST /user/avatar' }],
        });
      }
      changes.avatar = '';
    }

    // Re-sending the current avatar alone is a no-op, not an empty UPDATE.
    if (Object.keys(changes).length === 0) return this.toUserInfo(current);

    let updated: UserRow | undefined;
    try {
      updated = await this.users.updateProfile(userId, changes);
    } catch (error) {
      // The unique index decides, not a prior SELECT: two users racing for one name both pass a check.
      if (isUniqueViolation(error, USERNAME_UNIQUE_INDEX)) {
        throw new AppError(Code.USERNAME_TAKEN, 'Username is taken', {
          fields: [{ field: 'body.username', message: 'is taken' }],
        });
      }
      throw error;
    }
    if (!updated) throw new AppError(Code.SESSION_REVOKED, 'Account deleted');
    if (changes.avatar === '' && isStoredMediaPath(current.avatar)) {
      await this.deleteMediaQuietly(current.avatar);
    }
    return this.toUserInfo(updated);
  }

  deleteMediaQuietly(path: string): Promise<void> {
    return deleteMediaQuietly(this.deps.media, this.deps.log, path);
  }
}

/** A file left behind costs disk space, a failed request over it would cost the user's edit. */
export async function deleteMediaQuietly(
  media: Pick<MediaStorage, 'delete'>,
  log: UserServiceDeps['log'] | undefined,
  path: string,
): Promise<void> {
  try {
    await media.delete(path);
  } catch (error) {
    log?.warn({ err: error, path }, 'could not delete media file');
  }
}
