/** The page's localStorage, or undefined where the browser blocks it (private mode, sandboxed frame). */
export function safeLocalStorage(): Storage | undefined {
  try {
    return globalThis.localStorage;
  } catch {
    return undefined;
  }
}
