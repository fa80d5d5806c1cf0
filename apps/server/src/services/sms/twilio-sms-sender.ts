import type { SmsConfig } from '../../config.js';
import { SmsDeliveryError, type SmsSender } from './sms-sender.js';

/** `apiBase` is https://api.twilio.com, or a local fake in tests, without a trailing slash. */
export type TwilioSettings = Omit<Extract<SmsConfig, { provider: 'twilio' }>, 'provider'>;

interface WarnLogger {
  warn(obj: object, msg: string): void;
}

/** A provider that hangs must not hold the sign-in request until the client gives up (60 s). */
const TIMEOUT_MS = 10_000;

/**
 * Twilio Programmable Messaging: `POST /2010-04-01/Accounts/{Sid}/Messages.json`, HTTP Basic
 * auth (SID:token), form-encoded `To`, `From` or `MessagingServiceSid`, `Body`. A 2xx means
 * Twilio queued the message; anything else carries a JSON `{code, message}` we log.
 */
export class TwilioSmsSender implements SmsSender {
  constructor(
    private readonly settings: TwilioSettings,
    private readonly log: WarnLogger,
  ) {}

  async send(to: string, text: string): Promise<void> {
    const { accountSid, authToken, from, messagingServiceSid, apiBase } = this.settings;
    const form = new URLSearchParams({ To: to, Body: text });
    if (messagingServiceSid) form.set('MessagingServiceSid', messagingServiceSid);
    else if (from) form.set('From', from);

    const url = `${apiBase}/2010-04-01/Accounts/${encodeURIComponent(accountSid)}/Messages.json`;
    let response: Response;
    try {
      response = await fetch(url, {
        method: 'POST',
        headers: {
          authorization: `Basic ${Buffer.from(`${accountSid}:${authToken}`).toString('base64')}`,
          'content-type': 'application/x-www-form-urlencoded',
          accept: 'application/json',
        },
        body: form.toString(),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch (error) {
      this.log.warn({ err: error }, 'twilio: request failed');
      throw new SmsDeliveryError('Twilio could not be reached', { cause: error });
    }
    if (response.ok) {
      await response.body?.cancel();
      return;
    }
    const detail: { code?: unknown; message?: unknown } = await response.json().then(
      (body: unknown) => (typeof body === 'object' && body !== null ? body : {}),
      () => ({}),
    );
    this.log.warn(
      { status: response.status, twilioCode: detail.code, twilioMessage: detail.message },
      'twilio: message refused',
    );
    throw new SmsDeliveryError(`Twilio refused the message (HTTP ${response.status}, code ${String(detail.code)})`);
  }
}
