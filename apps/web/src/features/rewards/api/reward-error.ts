import type { TFunction } from 'i18next';
import { showToast } from '../../../lib/toast';
import { isTransportFailure } from '../../../lib/error-message';

/** Spec §8 'Failed to receive reward' for a refused ad reward (a lost answer already toasted). */
export function reportRewardError(error: unknown, t: TFunction): void {
  if (!isTransportFailure(error)) showToast(t('errors.receiveRewardFailed'));
}
