import type { ServerConfig } from '../../config.js';
import { FacebookProvider } from './facebook.provider.js';
import { GoogleProvider } from './google.provider.js';
import type { OAuthProvider, OAuthProviderName } from './oauth-provider.js';
import { TikTokProvider } from './tiktok.provider.js';

/** What decides whether a provider is enabled. */
export type OAuthCredentialSettings = Pick<
  ServerConfig,
  | 'googleClientId'
  | 'googleClientSecret'
  | 'facebookClientId'
  | 'facebookClientSecret'
  | 'tiktokClientKey'
  | 'tiktokClientSecret'
>;

export type OAuthSettings = OAuthCredentialSettings &
  Pick<
    ServerConfig,
    | 'publicBaseUrl'
    | 'googleAuthUrl'
    | 'googleTokenUrl'
    | 'googleUserinfoUrl'
    | 'facebookAuthUrl'
    | 'facebookGraphUrl'
    | 'tiktokAuthUrl'
    | 'tiktokTokenUrl'
    | 'tiktokUserinfoUrl'
  >;

/** The configured providers; a provider missing here is disabled (answers Code.SIGNIN_METHOD_DISABLED). */
export type OAuthProviders = Partial<Record<OAuthProviderName, OAuthProvider>>;

/** The web app's callback pages (docs/product.md#other-routes), one per provider. */
const CALLBACK_PAGES: Record<OAuthProviderName, string> = {
  google: '/pages/login/googleLogin',
  facebook: '/pages/login/facebookLogin',
  tiktok: '/pages/login/tiktokLogin',
};

/** The redirect URI to register with the provider; it must match byte for byte. */
export function oauthRedirectUri(publicBaseUrl: string, provider: OAuthProviderName): string {
  return `${publicBaseUrl.replace(/\/+$/, '')}${CALLBACK_PAGES[provider]}`;
}

function credentialsOf(
  settings: OAuthCredentialSettings,
  provider: OAuthProviderName,
): { clientId: string; clientSecret: string } | undefined {
  const [clientId, clientSecret] =
    provider === 'google'
      ? [settings.googleClientId, settings.googleClientSecret]
      : provider === 'facebook'
        ? [settings.facebookClientId, settings.facebookClientSecret]
        : [settings.tiktokClientKey, settings.tiktokClientSecret];
  return clientId !== undefined && clientSecret !== undefined ? { clientId, clientSecret } : undefined;
}

/** A provider is offered only with both its id and its secret (/app/config and the routes agree). */
export function isOAuthProviderEnabled(settings: OAuthCredentialSettings, provider: OAuthProviderName): boolean {
  return credentialsOf(settings, provider) !== undefined;
}

export function createOAuthProviders(settings: OAuthSettings): OAuthProviders {
  const providers: OAuthProviders = {};
  const common = (provider: OAuthProviderName) => {
    const credentials = credentialsOf(settings, provider);
    return credentials && { ...credentials, redirectUri: oauthRedirectUri(settings.publicBaseUrl, provider) };
  };

  const google = common('google');
  if (google) {
    providers.google = new GoogleProvider({
      ...google,
      authUrl: settings.googleAuthUrl,
      tokenUrl: settings.googleTokenUrl,
      userinfoUrl: settings.googleUserinfoUrl,
    });
  }
  const facebook = common('facebook');
  if (facebook) {
    providers.facebook = new FacebookProvider({
      ...facebook,
      authUrl: settings.facebookAuthUrl,
      graphUrl: settings.facebookGraphUrl,
    });
  }
  const tiktok = common('tiktok');
  if (tiktok) {
    providers.tiktok = new TikTokProvider({
      ...tiktok,
      authUrl: settings.tiktokAuthUrl,
      tokenUrl: settings.tiktokTokenUrl,
      userinfoUrl: settings.tiktokUserinfoUrl,
    });
  }
  return providers;
}
