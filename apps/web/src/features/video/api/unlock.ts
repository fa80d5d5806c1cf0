import { Code, isApiError } from '@cliffhanger/contract';
import { useQueryClient } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { http } from '../../../lib/api-client';
import { messageForError } from '../../../lib/error-message';
import { showToast } from '../../../lib/toast';
import { videoKeys } from './video-keys';

export type UnlockRequest = { episode_id: number } | { drama_id: number; all: true };

/**
 * POST /unlock (the coins issue adds it to the contract): one episode, or every remaining locked
 * episode of a drama. Until then the server answers 10002 and this rejects with it.
 */
export async function unlockEpisode(request: UnlockRequest): Promise<void> {
  await http({ method: 'POST', path: '/unlock', body: request });
}

/**
 * What a failed unlock says: the code's own message (not enough coins, already owned…); an
 * unknown route or id is the spec's 'Unlock Failed'.
 */
export function unlockErrorMessage(error: unknown, t: TFunction): string {
  if (isApiError(error) && error.code === Code.NOT_FOUND) return t('errors.unlockFailed');
  return messageForError(error, t);
}

/**
 * Unlocks and, on success, refetches the drama (lock marks, prices) and the playback (now
 * entitled); a failure shows its mapped message. Resolves true when the purchase went through.
 */
export function useUnlock(dramaId: number): (request: UnlockRequest) => Promise<boolean> {
  const queryClient = useQueryClient();
  const { t } = useTranslation();
  return useCallback(
    async (request: UnlockRequest) => {
      try {
        await unlockEpisode(request);
      } catch (error) {
        showToast(unlockErrorMessage(error, t));
        return false;
      }
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: videoKeys.dramaAll(dramaId) }),
        queryClient.resetQueries({ queryKey: videoKeys.playbackAll() }),
      ]);
      return true;
    },
    [queryClient, t, dramaId],
  );
}
