import type { PushSubscriptionBody } from '@cliffhanger/contract/browser';
import { isNativeShell, nativePushToken } from './native-shell';

/** Why this device cannot receive notifications: no Push API or worker here, or the viewer said no. */
export type PushDeviceProblem = 'unsupported' | 'denied';

/** How long to wait for the service worker: a development build registers none. */
const WORKER_WAIT_MS = 5_000;

function applicationServerKey(base64url: string): Uint8Array<ArrayBuffer> {
  const binary = atob(base64url.replace(/-/g, '+').replace(/_/g, '/'));
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

async function workerRegistration(): Promise<ServiceWorkerRegistration | undefined> {
  if (!('serviceWorker' in navigator)) return undefined;
  return Promise.race([
    navigator.serviceWorker.ready,
    new Promise<undefined>((resolve) => setTimeout(() => resolve(undefined), WORKER_WAIT_MS)),
  ]);
}

/**
 * This device as the server stores it, after the viewer allowed notifications: the iOS shell's
 * APNs token, or the browser's Push API subscription through the app's service worker
 * (apps/web/src/service-worker/push.ts shows what arrives), made with the server's VAPID key.
 */
export async function subscribeThisDevice(webPushKey: string): Promise<PushSubscriptionBody | PushDeviceProblem> {
  if (isNativeShell()) {
    const native = await nativePushToken();
    if (native === 'unavailable') return 'unsupported';
    if (native === 'denied') return 'denied';
    return { platform: 'ios', token: native.token };
  }
  if (typeof Notification === 'undefined' || typeof PushManager === 'undefined') return 'unsupported';
  const registration = await workerRegistration();
  if (!registration) return 'unsupported';
  if ((await Notification.requestPermission()) !== 'granted') return 'denied';
  try {
    const subscription =
      (await registration.pushManager.getSubscription()) ??
      (await registration.pushManager.subscribe({
        userVisibleOnly: true,
        applicationServerKey: applicationServerKey(webPushKey),
      }));
    const json = subscription.toJSON();
    if (!json.endpoint || !json.keys?.p256dh || !json.keys.auth) return 'unsupported';
    return { platform: 'web', endpoint: json.endpoint, keys: { p256dh: json.keys.p256dh, auth: json.keys.auth } };
  } catch {
    // No push service reachable (a browser without one, or offline).
    return 'unsupported';
  }
}

/** Forgets this browser's subscription (the server has already dropped every device of the viewer). */
export async function unsubscribeThisDevice(): Promise<void> {
  if (isNativeShell() || !('serviceWorker' in navigator)) return;
  const registration = await navigator.serviceWorker.getRegistration();
  const subscription = await registration?.pushManager.getSubscription();
  await subscription?.unsubscribe().catch(() => undefined);
}
