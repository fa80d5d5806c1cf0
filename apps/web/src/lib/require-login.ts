import { useCallback } from 'react';
import { useTranslation } from './use-translation';
import { useLocation, useNavigate } from 'react-router';
import { loginHref } from './return-to';
import { isSignedIn } from './session';
import { showToast } from './toast';

/** The current location as a return-to: path plus query (and hash). */
export function useCurrentPath(): string {
  const location = useLocation();
  return `${location.pathname}${location.search}${location.hash}`;
}

/**
 * Visitors are prompted 'Please login first' for rewards and profile actions (docs/product.md#roles). Returns a
 * guard: true when signed in; otherwise it shows the prompt, takes the visitor to the login page
 * (which brings them back to `returnTo`, by default exactly where they are) and returns false.
 */
export function useRequireLogin(): (returnTo?: string) => boolean {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const here = useCurrentPath();
  return useCallback(
    (returnTo?: string) => {
      if (isSignedIn()) return true;
      showToast(t('common.pleaseLogin'));
      void navigate(loginHref(returnTo ?? here));
      return false;
    },
    [t, navigate, here],
  );
}
