import { readFileSync } from 'node:fs';
import { Agent } from 'node:https';
import webPush from 'web-push';
import type { VapidKeys } from '../../lib/vapid-keys.js';
import { outcomeOfStatus, type PushDevice, type PushSender, type SendOutcome } from './push-sender.js';
import type { PushMessage } from './push-texts.js';

/** A day: a notification the browser could not take within it is stale (a new episode, a reminder). */
const TTL_S = 24 * 3600;

/**
 * Web Push through the `web-push` library: the payload encrypted to the subscription's keys
 * (aes128gcm, RFC 8291) and the request signed with the server's VAPID key (RFC 8292).
 */
export class WebPushSender implements PushSender {
  private readonly agent: Agent | undefined;

  constructor(
    private readonly vapid: VapidKeys & { subject: string },
    options: { caFile?: string | undefined; timeoutMs?: number } = {},
  ) {
    // Only a test's stand-in needs another CA; the push services have public certificates.
    this.agent = options.caFile ? new Agent({ ca: [readFileSync(options.caFile)] }) : undefined;
    this.timeoutMs = options.timeoutMs ?? 10_000;
  }

  private readonly timeoutMs: number;

  async send(device: PushDevice, message: PushMessage): Promise<SendOutcome> {
    if (device.p256dh === null || device.auth === null) return { kind: 'failed', reason: 'web device without keys' };
    try {
      await webPush.sendNotification(
        { endpoint: device.endpoint, keys: { p256dh: device.p256dh, auth: device.auth } },
        JSON.stringify(message),
        {
          vapidDetails: {
            subject: this.vapid.subject,
            publicKey: this.vapid.publicKey,
            privateKey: this.vapid.privateKey,
          },
          TTL: TTL_S,
          contentEncoding: 'aes128gcm',
          timeout: this.timeoutMs,
          ...(this.agent ? { agent: this.agent } : {}),
        },
      );
      return { kind: 'sent' };
    } catch (error) {
      if (error instanceof webPush.WebPushError) {
        return outcomeOfStatus(error.statusCode, `push service answered ${error.statusCode}`);
      }
      return { kind: 'retry', reason: error instanceof Error ? error.message : String(error) };
    }
  }

  close(): Promise<void> {
    this.agent?.destroy();
    return Promise.resolve();
  }
}
