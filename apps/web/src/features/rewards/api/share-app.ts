import { postTaskShare } from '@cliffhanger/contract/browser';
import { api } from '../../../lib/api-client';

export type AppShareChannel = 'web_share' | 'copy_link';

/** POST /task/share of the app: what makes the share-app task claimable for today. */
export async function reportAppShare(channel: AppShareChannel): Promise<void> {
  await api.call(postTaskShare, { body: { target: 'app', channel } });
}
