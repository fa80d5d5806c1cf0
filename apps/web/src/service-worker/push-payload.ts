/** What a push from the server carries (apps/server/src/services/push/push-texts.ts). */
interface PushPayload {
  title: string;
  body: string;
  url: string;
}

/** A path of this app, never another site: a push names where a tap goes, and only ours may be opened. */
export function appPath(value: unknown): string {
  return typeof value === 'string' && value.startsWith('/') && !value.startsWith('//') ? value : '/';
}

/** The payload as the server sends it; undefined for anything without a title (nothing is shown). */
export function readPushPayload(text: string | undefined): PushPayload | undefined {
  if (!text) return undefined;
  try {
    const value = JSON.parse(text) as Partial<Record<keyof PushPayload, unknown>>;
    if (typeof value.title !== 'string' || value.title === '') return undefined;
    return { title: value.title, body: typeof value.body === 'string' ? value.body : '', url: appPath(value.url) };
  } catch {
    return undefined;
  }
}
