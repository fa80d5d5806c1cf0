import type { PushMessage } from './push-texts.js';

/** A device as the senders need it: a Push API subscription, or an APNs device token in `endpoint`. */
export interface PushDevice {
  platform: 'web' | 'ios';
  endpoint: string;
  p256dh: string | null;
  auth: string | null;
}

/**
 * How one send ended: delivered to the push service; `gone`, the service says the device no
 * longer exists (web 404/410, APNs 410 or BadDeviceToken), so it is removed; `retry`, a passing
 * failure (network, 429, 5xx); `failed`, refused for good (a bad request).
 */
export type SendOutcome =
  { kind: 'sent' } | { kind: 'gone'; reason: string } | { kind: 'retry' | 'failed'; reason: string };

export interface PushSender {
  send(device: PushDevice, message: PushMessage): Promise<SendOutcome>;
  close(): Promise<void>;
}

/** 429 and 5xx pass; other 4xx will not. */
export function outcomeOfStatus(status: number, reason: string): SendOutcome {
  if (status === 404 || status === 410) return { kind: 'gone', reason };
  if (status === 429 || status >= 500) return { kind: 'retry', reason };
  return { kind: 'failed', reason };
}
