/**
 * The iOS app shell (Capacitor) loads this same build. What the web app needs from it is small,
 * so it is read from the global Capacitor object instead of importing the Capacitor packages:
 * the browser bundle carries no native code, and tests stand in a fake object.
 */
interface AppLauncherPlugin {
  canOpenUrl: (options: { url: string }) => Promise<{ value: boolean }>;
}

interface SharePlugin {
  share: (options: { title?: string; text?: string; url?: string; dialogTitle?: string }) => Promise<unknown>;
}

interface BrowserPlugin {
  open: (options: { url: string; presentationStyle?: 'fullscreen' | 'popover' }) => Promise<void>;
  close: () => Promise<void>;
}

interface ListenerHandle {
  remove: () => Promise<void>;
}

interface AppPlugin {
  addListener: (event: 'appUrlOpen', listener: (event: { url: string }) => void) => Promise<ListenerHandle>;
}

/** @capacitor/push-notifications, as far as the app uses it (docs/notifications.md). */
interface PushNotificationsPlugin {
  requestPermissions: () => Promise<{ receive: 'prompt' | 'prompt-with-rationale' | 'granted' | 'denied' }>;
  register: () => Promise<void>;
  addListener(event: 'registration', listener: (token: { value: string }) => void): Promise<ListenerHandle>;
  addListener(event: 'registrationError', listener: (error: { error: string }) => void): Promise<ListenerHandle>;
  addListener(
    event: 'pushNotificationActionPerformed',
    listener: (action: { notification: { data?: { url?: unknown } } }) => void,
  ): Promise<ListenerHandle>;
}

interface CapacitorGlobal {
  isNativePlatform?: () => boolean;
  Plugins?: {
    AppLauncher?: AppLauncherPlugin;
    Share?: SharePlugin;
    Browser?: BrowserPlugin;
    App?: AppPlugin;
    PushNotifications?: PushNotificationsPlugin;
  };
}

function capacitor(): CapacitorGlobal | undefined {
  return (globalThis as { Capacitor?: CapacitorGlobal }).Capacitor;
}

/**
 * The custom URL scheme that opens the app: `CFBundleURLSchemes` in
 * apps/mobile/ios/App/App/Info.plist (the mobile test holds the two together).
 */
const APP_URL_SCHEME = 'cliffhanger';

/**
 * The URL that opens the app on an in-app path (`/pages/login/googleLogin?code=…` →
 * `cliffhanger://pages/login/googleLogin?code=…`); the shell's bridge routes it to that page.
 */
export function appSchemeUrl(pathAndSearch: string): string {
  return `${APP_URL_SCHEME}://${pathAndSearch.replace(/^\/+/, '')}`;
}

/** True inside the app shell, false in a browser. */
export function isNativeShell(): boolean {
  try {
    return capacitor()?.isNativePlatform?.() === true;
  } catch {
    return false;
  }
}

function plugin<K extends keyof NonNullable<CapacitorGlobal['Plugins']>>(
  name: K,
): NonNullable<CapacitorGlobal['Plugins']>[K] | undefined {
  return isNativeShell() ? capacitor()?.Plugins?.[name] : undefined;
}

/**
 * Whether the app behind `scheme` (e.g. `fb://`) is installed. Only the shell can tell (its
 * AppLauncher plugin; iOS also needs the scheme under LSApplicationQueriesSchemes). Where it
 * cannot tell — a browser, a shell without the plugin, a failed query — the answer is true, so
 * an unknown never blocks a sign-in.
 */
export async function canOpenApp(scheme: string): Promise<boolean> {
  const launcher = plugin('AppLauncher');
  if (!launcher) return true;
  try {
    return (await launcher.canOpenUrl({ url: scheme })).value;
  } catch {
    return true;
  }
}

export type ShareOutcome = 'shared' | 'cancelled' | 'failed' | 'unavailable';

/**
 * The share sheet: inside the shell iOS's own (Share plugin: WKWebView's Web Share is not
 * there on every iOS the app supports), in a browser the Web Share sheet. 'unavailable' lets
 * the caller fall back to copying the link.
 */
export async function shareSheet(content: { title?: string; text?: string; url: string }): Promise<ShareOutcome> {
  const native = plugin('Share');
  if (native) {
    try {
      await native.share(content);
      return 'shared';
    } catch (error) {
      // The plugin rejects with "Share canceled" when the viewer closes the sheet.
      return error instanceof Error && /cancel/i.test(error.message) ? 'cancelled' : 'failed';
    }
  }
  if (typeof navigator.share !== 'function') return 'unavailable';
  try {
    await navigator.share(content);
    return 'shared';
  } catch (error) {
    return error instanceof DOMException && error.name === 'AbortError' ? 'cancelled' : 'failed';
  }
}

/**
 * Opens another site outside the app: inside the shell in the system browser (Browser plugin,
 * Safari's view controller), since the shell's web view must stay on the app; answers false in a
 * browser, where the caller navigates as usual.
 */
export function openInSystemBrowser(url: string): boolean {
  const browser = plugin('Browser');
  if (!browser) return false;
  void browser.open({ url }).catch(() => undefined);
  return true;
}

/** Closes the system browser the shell opened (after an OAuth sign-in came back). */
export function closeSystemBrowser(): void {
  void plugin('Browser')
    ?.close()
    .catch(() => undefined);
}

/**
 * Calls `listener` with each URL that opened the app (its custom scheme, e.g. the end of an
 * OAuth sign-in). Answers the unsubscribe; outside the shell nothing ever arrives.
 */
export function onAppUrlOpen(listener: (url: string) => void): () => void {
  const app = plugin('App');
  if (!app) return () => undefined;
  let removed = false;
  let handle: ListenerHandle | undefined;
  app
    .addListener('appUrlOpen', (event) => listener(event.url))
    .then(
      (h) => {
        handle = h;
        if (removed) void h.remove();
      },
      () => undefined,
    );
  return () => {
    removed = true;
    void handle?.remove();
  };
}

/**
 * The APNs device token of this iPhone, after asking the viewer's permission: 'denied' when they
 * refuse, 'unavailable' outside the shell or when iOS cannot register (no network, simulator).
 */
export async function nativePushToken(): Promise<{ token: string } | 'denied' | 'unavailable'> {
  const push = plugin('PushNotifications');
  if (!push) return 'unavailable';
  try {
    const permission = await push.requestPermissions();
    if (permission.receive !== 'granted') return 'denied';
    const handles: ListenerHandle[] = [];
    const token = await new Promise<string | undefined>((resolve) => {
      void push.addListener('registration', (t) => resolve(t.value)).then((h) => handles.push(h));
      void push.addListener('registrationError', () => resolve(undefined)).then((h) => handles.push(h));
      push.register().catch(() => resolve(undefined));
    });
    for (const handle of handles) void handle.remove();
    return token ? { token } : 'unavailable';
  } catch {
    return 'unavailable';
  }
}

/**
 * Calls `listener` with the `url` of each notification the viewer taps in the shell. Answers the
 * unsubscribe; outside the shell nothing ever arrives.
 */
export function onNativePushOpened(listener: (url: unknown) => void): () => void {
  const push = plugin('PushNotifications');
  if (!push) return () => undefined;
  let removed = false;
  let handle: ListenerHandle | undefined;
  push
    .addListener('pushNotificationActionPerformed', (action) => listener(action.notification.data?.url))
    .then(
      (h) => {
        handle = h;
        if (removed) void h.remove();
      },
      () => undefined,
    );
  return () => {
    removed = true;
    void handle?.remove();
  };
}
