import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { isSignedIn } from './session';
import { showToast } from './toast';

/**
 * Spec §6: visitors are prompted 'Please login first' for rewards and profile actions. Returns
 * a guard: true when signed in, otherwise it shows the prompt and returns false.
 */
export function useRequireLogin(): () => boolean {
  const { t } = useTranslation();
  return useCallback(() => {
    if (isSignedIn()) return true;
    showToast(t('common.pleaseLogin'));
    return false;
  }, [t]);
}
