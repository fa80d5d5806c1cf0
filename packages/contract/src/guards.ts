import type { EpisodeLocked, InsufficientCoins, UserInfo } from './endpoints/index.js';

/**
 * Checks of data the browser cannot take on trust (user info read back from local storage, the
 * data of a rejection), written out by hand so the web bundle needs no zod. Each mirrors one zod
 * schema of endpoints/ field for field; guards.test.ts holds them to the schemas.
 */
type Check = (value: unknown) => boolean;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
// zod 4's `.int()` admits safe integers only.
const isInt: Check = (value) => Number.isSafeInteger(value);
const isNonNegativeInt: Check = (value) => isInt(value) && (value as number) >= 0;
const isPositiveInt: Check = (value) => isInt(value) && (value as number) > 0;
const isString: Check = (value) => typeof value === 'string';
const isBoolean: Check = (value) => typeof value === 'boolean';
const nullable =
  (check: Check): Check =>
  (value) =>
    value === null || check(value);

function shape(fields: Record<string, Check>) {
  return (value: unknown): boolean => isRecord(value) && Object.entries(fields).every(([key, check]) => check(value[key]));
}

/** Keeps only the schema's keys, as zod's object parse does with unknown ones. */
function pick<T>(value: Record<string, unknown>, fields: Record<string, unknown>): T {
  return Object.fromEntries(Object.keys(fields).map((key) => [key, value[key]])) as T;
}

const vipStateFields = { active: isBoolean, expires_at: nullable(isString) };
const userInfoFields = {
  uid: isInt,
  avatar: isString,
  nickname: isString,
  username: nullable(isString),
  coin: isNonNegativeInt,
  vip: shape(vipStateFields),
  invite_code: isString,
  phone_masked: nullable(isString),
  has_password: isBoolean,
  created_at: isString,
};

/** `userInfoSchema.safeParse`, without zod: the user info, or null when it breaks the contract. */
export function parseUserInfo(value: unknown): UserInfo | null {
  if (!shape(userInfoFields)(value)) return null;
  const info = pick<UserInfo>(value as Record<string, unknown>, userInfoFields);
  return { ...info, vip: pick(info.vip as unknown as Record<string, unknown>, vipStateFields) };
}

const unlockPricesFields = { episode: isNonNegativeInt, all: isNonNegativeInt, locked_count: isNonNegativeInt };
const episodeLockedFields = {
  drama_id: isInt,
  episode_id: isInt,
  episode_number: isInt,
  prices: shape(unlockPricesFields),
  coin: isInt,
  signed_in: isBoolean,
};

/** `episodeLockedSchema.safeParse`, without zod: the data of a Code.EPISODE_LOCKED, or null. */
export function parseEpisodeLocked(value: unknown): EpisodeLocked | null {
  if (!shape(episodeLockedFields)(value)) return null;
  const locked = pick<EpisodeLocked>(value as Record<string, unknown>, episodeLockedFields);
  return { ...locked, prices: pick(locked.prices as unknown as Record<string, unknown>, unlockPricesFields) };
}

const insufficientCoinsFields = { shortfall: isPositiveInt, balance: isNonNegativeInt, cost: isPositiveInt };

/** `insufficientCoinsSchema.safeParse`, without zod: the data of a coins shortfall, or null. */
export function parseInsufficientCoins(value: unknown): InsufficientCoins | null {
  return shape(insufficientCoinsFields)(value)
    ? pick<InsufficientCoins>(value as Record<string, unknown>, insufficientCoinsFields)
    : null;
}
