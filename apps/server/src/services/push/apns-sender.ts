import { readFileSync } from 'node:fs';
import apn from '@parse/node-apn';
import type { ServerConfig } from '../../config.js';
import { outcomeOfStatus, type PushDevice, type PushSender, type SendOutcome } from './push-sender.js';
import type { PushMessage } from './push-texts.js';

type ApnsConfig = NonNullable<ServerConfig['push']['apns']>;

/** APNs reasons that mean the token will never work again: the device is removed. */
const GONE_REASONS = new Set(['BadDeviceToken', 'Unregistered', 'DeviceTokenNotForTopic']);

/**
 * APNs over HTTP/2 with token authentication (a provider JWT signed ES256 with the team's key)
 * through `@parse/node-apn`, which keeps one connection and renews the JWT as Apple asks.
 */
export class ApnsSender implements PushSender {
  private readonly provider: apn.Provider;

  constructor(private readonly config: ApnsConfig) {
    const [address, port] = config.host?.split(':') ?? [];
    this.provider = new apn.Provider({
      token: { key: readFileSync(config.keyFile), keyId: config.keyId, teamId: config.teamId },
      production: config.production,
      ...(address ? { address } : {}),
      ...(port ? { port: Number(port) } : {}),
      ...(config.caFile ? { ca: [readFileSync(config.caFile)] } : {}),
    });
  }

  async send(device: PushDevice, message: PushMessage): Promise<SendOutcome> {
    const notification = new apn.Notification();
    notification.topic = this.config.topic;
    notification.pushType = 'alert';
    notification.expiry = Math.floor(Date.now() / 1000) + 24 * 3600;
    notification.alert = { title: message.title, body: message.body };
    notification.payload = { url: message.url };
    const result = await this.provider.send(notification, device.endpoint);
    const failure = result.failed[0];
    if (!failure) return { kind: 'sent' };
    const reason = failure.response?.reason ?? failure.error?.message ?? 'APNs refused';
    if (GONE_REASONS.has(reason)) return { kind: 'gone', reason };
    if (failure.status === undefined) return { kind: 'retry', reason };
    return outcomeOfStatus(Number(failure.status), reason);
  }

  close(): Promise<void> {
    return this.provider.shutdown();
  }
}
