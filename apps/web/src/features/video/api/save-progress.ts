import { saveProgress as saveProgressEndpoint } from '@cliffhanger/contract/browser';
import { silentApi } from '../../../lib/api-client';

/**
 * PUT /history: where the viewer is in an episode. Fire and forget through the silent client:
 * a lost save is made good by the next one, and the viewer must not see toasts for it.
 */
export async function saveProgress(episodeId: number, positionS: number): Promise<boolean> {
  try {
    await silentApi.call(saveProgressEndpoint, {
      body: { episode_id: episodeId, position_s: Math.max(0, Math.round(positionS * 10) / 10) },
    });
    return true;
  } catch {
    return false;
  }
}
