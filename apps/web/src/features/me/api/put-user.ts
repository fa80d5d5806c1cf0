import { putUser, type BodyOf, type UserInfo } from '@cliffhanger/contract/browser';
import { api } from '../../../lib/api-client';
import { updateUserInfo } from '../../../lib/session';

export type ProfileChanges = BodyOf<typeof putUser>;

/** PUT /user (spec §7 ★): saves the profile and stores the user info it answers (spec §4). */
export async function saveProfile(changes: ProfileChanges): Promise<UserInfo> {
  const result = await api.call(putUser, { body: changes });
  updateUserInfo(result);
  return result.data;
}
