import { getOAuthUrl, isApiError, type OAuthProvider } from '@cliffhanger/contract/browser';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import { api } from '../../../lib/api-client';
import { isTransportFailure, messageForError } from '../../../lib/error-message';
import { goToExternalUrl } from '../../../lib/external-navigation';
import { canOpenApp, isNativeShell } from '../../../lib/native-shell';
import { rememberReturnTo } from '../../../lib/return-to';
import { showToast } from '../../../lib/toast';
import { rememberAppBinder } from '../app-oauth-binders';
import { PROVIDERS } from '../providers';

/**
 * Starts a provider sign-in: in the app shell, first checks that the provider's app is there;
 * then asks the server for the provider URL (in the shell as the app, keeping the state's binder
 * for the exchange), remembers where to come back to (the callback page reads it) and leaves for
 * the provider.
 */
export function useOAuthSignIn(returnTo: string | null): {
  start: (provider: OAuthProvider) => Promise<void>;
  pending: OAuthProvider | null;
} {
  const { t } = useTranslation();
  const [pending, setPending] = useState<OAuthProvider | null>(null);
  const busy = useRef(false);

  // Back from the provider through the browser's page cache: the buttons work again.
  useEffect(() => {
    const onPageShow = (event: PageTransitionEvent) => {
      if (!event.persisted) return;
      busy.current = false;
      setPending(null);
    };
    window.addEventListener('pageshow', onPageShow);
    return () => window.removeEventListener('pageshow', onPageShow);
  }, []);

  const start = useCallback(
    async (provider: OAuthProvider) => {
      if (busy.current) return;
      busy.current = true;
      try {
        const { name, appScheme } = PROVIDERS[provider];
        if (isNativeShell() && appScheme && !(await canOpenApp(appScheme))) {
          showToast(t('errors.appNotInstalled', { app: name }));
          busy.current = false;
          return;
        }
        setPending(provider);
        const inApp = isNativeShell();
        // GET /auth/oauth/{provider}/url; state and PKCE are the server's.
        const client = inApp ? 'app' : 'web';
        const { url, state, binder } = (await api.call(getOAuthUrl, { params: { provider }, query: { client } })).data;
        if (inApp && binder) rememberAppBinder(state, binder);
        rememberReturnTo(returnTo);
        goToExternalUrl(url);
      } catch (error) {
        busy.current = false;
        setPending(null);
        // A transport failure already showed 'Network Error'.
        if (isTransportFailure(error)) return;
        showToast(isApiError(error) && error.kind === 'code' ? messageForError(error, t) : t('errors.loginFailed'));
      }
    },
    [returnTo, t],
  );

  return { start, pending };
}
