import type { CapacitorConfig } from '@capacitor/cli';

/**
 * The iOS shell around the web build. The app id and display name come from the environment so
 * a white-label build needs no code change: MOBILE_APP_ID (default the server's APP_ID default)
 * and MOBILE_APP_NAME (default the server's APP_NAME default). `cap add` wrote them into the Xcode
 * project; after changing them, also set the bundle id (Signing & Capabilities) and the display
 * name (Info.plist) in Xcode, since `cap sync` copies only this configuration.
 */
const config: CapacitorConfig = {
  appId: process.env.MOBILE_APP_ID ?? 'com.cliffhanger.app',
  appName: process.env.MOBILE_APP_NAME ?? 'Cliffhanger',
  // The web build made for the app (npm run mobile:sync → `build:app` of apps/web, which calls the
  // API at MOBILE_API_ORIGIN); apps/web/dist is the browser build, which calls its own origin.
  webDir: 'www',
  ios: {
    // The web app pads itself with env(safe-area-inset-*): the web view must reach under the bars.
    contentInset: 'never',
    scheme: 'Cliffhanger',
  },
  plugins: {
    // The bars are #1a1a1a (docs/product.md#tab-bar), so the status bar text is light; the web view stays under
    // it and the nav bar pads itself with the safe area.
    StatusBar: { overlaysWebView: true, style: 'DARK' },
    SplashScreen: { backgroundColor: '#1a1a1a', launchShowDuration: 0, launchAutoHide: true },
  },
};

export default config;
