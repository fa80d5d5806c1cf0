import { postTaskShare, type SHARE_CHANNELS } from '@cliffhanger/contract/browser';
import { silentApi } from '../../../lib/api-client';

export type ShareChannel = (typeof SHARE_CHANNELS)[number];

/** POST /task/share for a signed-in viewer's share of an episode; failures are not shown. */
export async function reportShare(episodeId: number, channel: ShareChannel): Promise<void> {
  try {
    await silentApi.call(postTaskShare, { body: { target: 'episode', episode_id: episodeId, channel } });
  } catch {
    // The share itself worked; the reward record is best effort.
  }
}
