import { OAUTH_PROVIDERS, type AppConfig, type OAuthProvider } from '@cliffhanger/contract/browser';

export interface ProviderInfo {
  /** Brand name, the same in every language. */
  name: string;
  /**
   * URL scheme of the provider's iOS app, asked about in the app shell before sending the viewer
   * there ('{app} is not installed'). Google sign-in needs no app of its own: null.
   */
  appScheme: string | null;
}

export const PROVIDERS: Record<OAuthProvider, ProviderInfo> = {
  google: { name: 'Google', appScheme: null },
  facebook: { name: 'Facebook', appScheme: 'fb://' },
  tiktok: { name: 'TikTok', appScheme: 'tiktok://' },
};

/** The providers app config enables, in the contract's order. */
export function enabledProviders(methods: AppConfig['sign_in_methods'] | undefined): OAuthProvider[] {
  return OAUTH_PROVIDERS.filter((provider) => methods?.[provider] === true);
}
