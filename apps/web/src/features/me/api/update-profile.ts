import { useMutation } from '@tanstack/react-query';
import { getSession, updateUserInfo } from '../../../lib/session';
import { uploadAvatar } from './post-user-avatar';
import { saveProfile, type ProfileChanges } from './put-user';

export interface ProfileInput {
  nickname: string;
  /** Null: leave the username as it is. */
  username: string | null;
  avatar: File | null;
}

/** The avatar upload failed: the spec's 'Failed to upload image' (or what its code says). */
export class AvatarUploadError extends Error {
  constructor(cause: unknown) {
    super('avatar upload failed', { cause });
    this.name = 'AvatarUploadError';
  }
}

/**
 * Uploads a new avatar first (POST /user/avatar), then saves the profile (PUT /user) with the
 * path it answered. The server applies the avatar as soon as it is uploaded, so the stored user
 * info follows at once — even if the profile save then fails.
 */
export async function updateProfile(input: ProfileInput): Promise<void> {
  const changes: ProfileChanges = { nickname: input.nickname };
  if (input.username !== null) changes.username = input.username;
  if (input.avatar) {
    let avatar: string;
    try {
      avatar = await uploadAvatar(input.avatar);
    } catch (cause) {
      throw new AvatarUploadError(cause);
    }
    const current = getSession().userInfo;
    if (current) updateUserInfo({ code: 200, data: { ...current, avatar } });
    changes.avatar = avatar;
  }
  await saveProfile(changes);
}

export function useUpdateProfile() {
  return useMutation({ mutationFn: updateProfile });
}
