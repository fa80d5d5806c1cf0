/**
 * The iOS app shell (Capacitor) loads this same build. What the web app needs from it is small,
 * so it is read from the global Capacitor object instead of importing the Capacitor packages.
 */
interface AppLauncherPlugin {
  canOpenUrl: (options: { url: string }) => Promise<{ value: boolean }>;
}

interface CapacitorGlobal {
  isNativePlatform?: () => boolean;
  Plugins?: { AppLauncher?: AppLauncherPlugin };
}

function capacitor(): CapacitorGlobal | undefined {
  return (globalThis as { Capacitor?: CapacitorGlobal }).Capacitor;
}

/** True inside the app shell, false in a browser. */
export function isNativeShell(): boolean {
  try {
    return capacitor()?.isNativePlatform?.() === true;
  } catch {
    return false;
  }
}

/**
 * Whether the app behind `scheme` (e.g. `fb://`) is installed. Only the shell can tell (its
 * AppLauncher plugin; iOS also needs the scheme under LSApplicationQueriesSchemes). Where it
 * cannot tell — a browser, a shell without the plugin, a failed query — the answer is true, so
 * an unknown never blocks a sign-in.
 */
export async function canOpenApp(scheme: string): Promise<boolean> {
  const launcher = isNativeShell() ? capacitor()?.Plugins?.AppLauncher : undefined;
  if (!launcher) return true;
  try {
    return (await launcher.canOpenUrl({ url: scheme })).value;
  } catch {
    return true;
  }
}
