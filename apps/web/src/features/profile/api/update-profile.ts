import { postUserAvatar, putUser } from '@cliffhanger/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { updateUserInfo } from '../../../lib/session';

export interface ProfileInput {
  nickname: string;
  /** Empty: leave the username as it is. */
  username: string;
  avatar: File | null;
}

/** The avatar upload failed: the spec's 'Failed to upload image'. */
export class AvatarUploadError extends Error {
  constructor(cause: unknown) {
    super('avatar upload failed', { cause });
    this.name = 'AvatarUploadError';
  }
}

/**
 * Uploads a new avatar (POST /user/avatar), then saves the profile (spec §7 ★ PUT /user) and
 * stores the user info it answers with (spec §4: code 200 stores it).
 */
export async function updateProfile(input: ProfileInput): Promise<void> {
  let avatar: string | undefined;
  if (input.avatar) {
    const form = new FormData();
    form.append('file', input.avatar);
    try {
      // The contract client sends FormData as multipart; the endpoint declares no JSON body.
      avatar = (await api.call(postUserAvatar, { body: form as never })).data.avatar;
    } catch (cause) {
      throw new AvatarUploadError(cause);
    }
  }
  const result = await api.call(putUser, {
    body: {
      nickname: input.nickname,
      ...(input.username ? { username: input.username } : {}),
      ...(avatar ? { avatar } : {}),
    },
  });
  updateUserInfo(result);
}

export function useUpdateProfile() {
  return useMutation({ mutationFn: updateProfile });
}
