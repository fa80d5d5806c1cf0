import { z } from 'zod';

/** User info as stored locally and fetched (spec §3). Later issues add fields, never rename these. */
export const userInfoSchema = z.object({
  uid: z.number().int(),
  avatar: z.string(),
  nickname: z.string(),
  coin: z.number().int().nonnegative(),
});
export type UserInfo = z.infer<typeof userInfoSchema>;
