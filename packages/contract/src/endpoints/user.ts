import { z } from 'zod';
import { CONTROL_CHARS, inputString } from '../text.js';
import { INPUT_MAX_LENGTH } from '../constants.js';
import { defineEndpoint } from '../endpoint.js';
import {
  isPlaybackRate,
  NICKNAME_MAX,
  PASSWORD_MAX,
  PASSWORD_MIN,
  PLAYBACK_RATES,
  USERNAME_MAX,
  USERNAME_MIN,
  USERNAME_PATTERN,
  type PlaybackRate,
} from '../values.js';

export const nicknameSchema = z
  .string()
  .max(INPUT_MAX_LENGTH)
  .transform((s) => s.trim())
  .pipe(
    z
      .string()
      .min(1, 'nickname is empty')
      .max(NICKNAME_MAX, `nickname is longer than ${NICKNAME_MAX}`)
      .refine((s) => !CONTROL_CHARS.test(s), 'nickname has control characters'),
  );

const EVERY_CONTROL_CHAR = new RegExp(CONTROL_CHARS.source, 'g');

/**
 * A display name from elsewhere (an OAuth provider's profile, a sign-up) as a nickname that
 * `nicknameSchema` accepts: control characters and runs of white space become one space, then it
 * is trimmed and cut to NICKNAME_MAX code points (an emoji is never split in half). Undefined when
 * nothing is left; the caller picks a default.
 */
export function toNickname(raw: string | undefined): string | undefined {
  if (raw === undefined) return undefined;
  const cleaned = raw.replace(EVERY_CONTROL_CHAR, ' ').replace(/\s+/g, ' ').trim();
  const cut = Array.from(cleaned).slice(0, NICKNAME_MAX).join('').trim();
  const parsed = nicknameSchema.safeParse(cut);
  return parsed.success ? parsed.data : undefined;
}

export const usernameSchema = inputString()
  .max(INPUT_MAX_LENGTH)
  .transform((s) => s.trim().toLowerCase())
  .pipe(
    z
      .string()
      .min(USERNAME_MIN, `username is shorter than ${USERNAME_MIN}`)
      .max(USERNAME_MAX, `username is longer than ${USERNAME_MAX}`)
      .regex(USERNAME_PATTERN, 'username may hold a-z, 0-9 and _, starting with a letter'),
  );

export const vipStateSchema = z.object({
  active: z.boolean(),
  /** ISO time the membership ends; null when never a member. */
  expires_at: z.string().nullable(),
});

/** User info as stored locally and fetched (docs/product.md#entities-and-fields). */
export const userInfoSchema = z.object({
  uid: z.number().int(),
  avatar: z.string(),
  nickname: z.string(),
  username: z.string().nullable(),
  coin: z.number().int().nonnegative(),
  vip: vipStateSchema,
  invite_code: z.string(),
  /** The phone, masked for display (e.g. +90 ••• ••• 12 34); null for a provider-only account. */
  phone_masked: z.string().nullable(),
  has_password: z.boolean(),
  created_at: z.string(),
});
export type UserInfo = z.infer<typeof userInfoSchema>;

export const getUser = defineEndpoint({
  method: 'GET',
  path: '/user',
  auth: 'required',
  summary: 'The signed-in user',
  data: userInfoSchema,
});

export const updateProfileBodySchema = z
  .object({
    nickname: nicknameSchema.optional(),
    username: usernameSchema.optional(),
    avatar: inputString().max(INPUT_MAX_LENGTH).optional(),
  })
  .refine((b) => b.nickname !== undefined || b.username !== undefined || b.avatar !== undefined, {
    message: 'nothing to update',
  });

export const putUser = defineEndpoint({
  method: 'PUT',
  path: '/user',
  auth: 'required',
  summary: 'Update the profile (nickname, username, avatar path from an upload)',
  body: updateProfileBodySchema,
  data: userInfoSchema,
});

export const postUserAvatar = defineEndpoint({
  method: 'POST',
  path: '/user/avatar',
  auth: 'required',
  summary: 'Upload an avatar image (multipart field "file", ≤ 5 MB); re-encoded to WebP',
  multipart: true,
  body: z.custom<FormData>((value) => typeof FormData !== 'undefined' && value instanceof FormData),
  data: z.object({ avatar: z.string() }),
});

export const deleteUser = defineEndpoint({
  method: 'DELETE',
  path: '/user',
  auth: 'required',
  summary: 'Delete the account: revoke every session, remove personal data',
  data: z.null(),
});

export const passwordSchema = inputString()
  .min(PASSWORD_MIN, `password is shorter than ${PASSWORD_MIN}`)
  .max(PASSWORD_MAX, `password is longer than ${PASSWORD_MAX}`);

export const putUserPassword = defineEndpoint({
  method: 'PUT',
  path: '/user/password',
  auth: 'required',
  summary: 'Set or change the password (the current one is required when one is set)',
  body: z.object({ password: passwordSchema, current_password: inputString().max(PASSWORD_MAX).optional() }),
  data: z.null(),
});

export const playbackRateSchema = z.custom<PlaybackRate>(isPlaybackRate, {
  message: `playback_rate must be one of ${PLAYBACK_RATES.join(', ')}`,
});

export const playbackPreferencesSchema = z.object({ playback_rate: playbackRateSchema });
export type PlaybackPreferences = z.infer<typeof playbackPreferencesSchema>;

export const getPlaybackPreferences = defineEndpoint({
  method: 'GET',
  path: '/user/playback',
  auth: 'required',
  summary: "The signed-in viewer's player choices (speed), the same on every device",
  data: playbackPreferencesSchema,
});

export const putPlaybackPreferences = defineEndpoint({
  method: 'PUT',
  path: '/user/playback',
  auth: 'required',
  summary: 'Remember the player speed for this viewer (0.75, 1, 1.25, 1.5 or 2)',
  body: playbackPreferencesSchema,
  data: playbackPreferencesSchema,
});
