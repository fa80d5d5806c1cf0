import type { UserInfo } from '@cliffhanger/contract';
import type { UserRow } from '../db/schema.js';
import { maskPhone } from '../lib/phone.js';
import { isVipActive } from './catalog/entitlement.js';

/** The contract's UserInfo for a users row, as seen at `now` (VIP state depends on it). */
export function toUserInfo(row: UserRow, now: Date): UserInfo {
  return {
    uid: row.id,
    avatar: row.avatar,
    nickname: row.nickname,
    username: row.username,
    coin: row.coin,
    vip: {
      active: isVipActive(row.vipExpiresAt, now),
      expires_at: row.vipExpiresAt?.toISOString() ?? null,
    },
    invite_code: row.inviteCode,
    phone_masked: row.phone === null ? null : maskPhone(row.phone),
    has_password: row.passwordHash !== null,
    created_at: row.createdAt.toISOString(),
  };
}
