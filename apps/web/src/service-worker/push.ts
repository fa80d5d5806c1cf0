import { appPath, readPushPayload } from './push-payload';
import { worker, type ExtendableEventLike } from './scope';

/**
 * Push notifications (docs/notifications.md): a push from the server's push service carries
 * `{ title, body, url }` (encrypted to this browser's subscription; the browser decrypts it), the
 * worker shows it, and a tap focuses a window of the app on `url`, or opens one.
 */

interface PushEventLike extends ExtendableEventLike {
  readonly data: { text(): string } | null;
}

interface NotificationClickEventLike extends ExtendableEventLike {
  readonly notification: Notification;
}

declare module './scope' {
  interface WorkerEventMap {
    push: PushEventLike;
    notificationclick: NotificationClickEventLike;
  }
}

interface WindowClientLike {
  readonly url: string;
  focus(): Promise<unknown>;
  navigate(url: string): Promise<unknown>;
}

/** The parts of the worker's `clients` a tap uses (scope.ts declares only `claim`). */
interface ClientsLike {
  matchAll(options: { type: 'window'; includeUncontrolled: boolean }): Promise<WindowClientLike[]>;
  openWindow(url: string): Promise<unknown>;
}

worker.addEventListener('push', (event) => {
  const payload = readPushPayload(event.data?.text());
  if (!payload) return;
  event.waitUntil(
    worker.registration.showNotification(payload.title, {
      body: payload.body,
      // One notification per place a tap opens: the same news delivered again (a push service's
      // retry) replaces the one shown instead of stacking a copy.
      tag: payload.url,
      data: { url: payload.url },
      icon: '/icons/icon-192.png',
    }),
  );
});

worker.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const data = event.notification.data as { url?: unknown } | null;
  const target = new URL(appPath(data?.url), worker.location.origin).href;
  const clients = worker.clients as unknown as ClientsLike;
  event.waitUntil(
    clients.matchAll({ type: 'window', includeUncontrolled: true }).then(async (windows) => {
      const open = windows.find((client) => new URL(client.url).origin === worker.location.origin);
      if (!open) return clients.openWindow(target);
      await open.focus();
      // navigate() is refused for a window this worker does not control: open one instead.
      return open.navigate(target).catch(() => clients.openWindow(target));
    }),
  );
});
