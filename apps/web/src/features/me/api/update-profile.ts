import { postUserAvatar, putUser, type BodyOf } from '@cliffhanger/contract/browser';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { getSession, updateUserInfo } from '../../../lib/session';

/** An upload may take longer than an ordinary call on a slow phone connection. */
const UPLOAD_TIMEOUT_MS = 120_000;

interface ProfileInput {
  nickname: string;
  /** Null: leave the username as it is. */
  username: string | null;
  avatar: File | null;
}

/** The avatar upload failed: the product's 'Failed to upload image' (or what its code says). */
export class AvatarUploadError extends Error {
  constructor(cause: unknown) {
    super('avatar upload failed', { cause });
    this.name = 'AvatarUploadError';
  }
}

/**
 * Uploads a new avatar first (POST /user/avatar, multipart field `file`), then saves the profile
 * (PUT /user, a fixed call: docs/product.md#api-calls) with the media path it answered and stores
 * the user info it answers. The server re-encodes the image and makes it the avatar as soon as it is uploaded,
 * so the stored user info follows at once — even if the profile save then fails.
 */
async function updateProfile(input: ProfileInput): Promise<void> {
  const changes: BodyOf<typeof putUser> = { nickname: input.nickname };
  if (input.username !== null) changes.username = input.username;
  if (input.avatar) {
    let avatar: string;
    try {
      const form = new FormData();
      form.append('file', input.avatar, input.avatar.name);
      avatar = (await api.call(postUserAvatar, { body: form, timeoutMs: UPLOAD_TIMEOUT_MS })).data.avatar;
    } catch (cause) {
      throw new AvatarUploadError(cause);
    }
    const current = getSession().userInfo;
    if (current) updateUserInfo({ code: 200, data: { ...current, avatar } });
    changes.avatar = avatar;
  }
  updateUserInfo(await api.call(putUser, { body: changes }));
}

export function useUpdateProfile() {
  return useMutation({ mutationFn: updateProfile });
}
