import { postTaskShare } from '@cliffhanger/contract/browser';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import { api } from '../../../lib/api-client';
import { useProductName } from '../../../lib/app-config/get-app-config';
import { shareOrCopy } from '../../../lib/share-or-copy';
import { showToast } from '../../../lib/toast';
import { isTransportFailure } from '../../../lib/error-message';
import { rewardKeys } from '../api/reward-keys';
import { publicOrigin } from '../../../lib/api-origin';

/**
 * Shares the app: the share sheet where there is one (iOS's own inside the app, lib/native-shell),
 * else the link is copied. A share that
 * happened is reported (POST /task/share, target app), which makes the share-app task claimable.
 * The viewer closing the share sheet is not a failure and reports nothing.
 */
export function useShareApp(): () => Promise<void> {
  const { t } = useTranslation();
  const productName = useProductName();
  const queryClient = useQueryClient();
  return useCallback(async () => {
    const channel = await shareOrCopy({
      title: productName,
      text: t('rewards.shareText', { app: productName }),
      url: publicOrigin(),
    });
    if (!channel) return;
    try {
      await api.call(postTaskShare, { body: { target: 'app', channel } });
      showToast(channel === 'copy_link' ? t('rewards.linkCopied') : t('rewards.shared'));
    } catch (error) {
      if (!isTransportFailure(error)) showToast(t('errors.shareFailed'));
    } finally {
      void queryClient.invalidateQueries({ queryKey: rewardKeys.tasks });
    }
  }, [t, productName, queryClient]);
}
