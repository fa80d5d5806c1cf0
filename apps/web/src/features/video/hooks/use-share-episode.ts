import { postTaskShare } from '@cliffhanger/contract/browser';
import { useCallback } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import { silentApi } from '../../../lib/api-client';
import { videoHref } from '../../../lib/paths';
import { isSignedIn } from '../../../lib/session';
import { shareOrCopy } from '../../../lib/share-or-copy';
import { showToast } from '../../../lib/toast';
import { publicOrigin } from '../../../lib/api-origin';

export interface ShareTarget {
  dramaId: number;
  episodeId: number;
  title: string;
  mobile: boolean;
}

/** Link to this drama page at this episode, on this site. */
export function shareUrl({ dramaId, episodeId, mobile }: ShareTarget): string {
  return new URL(videoHref(mobile, dramaId, episodeId), publicOrigin()).href;
}

/**
 * Shares an episode: the share sheet where there is one (iOS's own inside the app,
 * lib/native-shell), else the link is copied.
 * A signed-in viewer's successful share is reported (POST /task/share) without a word on failure:
 * the share itself worked, the reward record is best effort.
 */
export function useShareEpisode(): (target: ShareTarget) => Promise<void> {
  const { t } = useTranslation();
  return useCallback(
    async (target: ShareTarget) => {
      const channel = await shareOrCopy({ title: target.title, url: shareUrl(target) });
      if (!channel) return;
      if (channel === 'copy_link') showToast(t('video.linkCopied'));
      if (!isSignedIn()) return;
      const body = { target: 'episode', episode_id: target.episodeId, channel } as const;
      await silentApi.call(postTaskShare, { body }).catch(() => undefined);
    },
    [t],
  );
}
