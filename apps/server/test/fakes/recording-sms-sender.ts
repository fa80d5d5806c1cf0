import type { SmsSender } from '../../src/services/sms/sms-sender.js';

export interface RecordedSms {
  to: string;
  text: string;
}

/** An SmsSender that keeps what it was asked to send; `failNext()` makes the next send reject. */
export class RecordingSmsSender implements SmsSender {
  readonly sent: RecordedSms[] = [];
  private failures = 0;

  send(to: string, text: string): Promise<void> {
    if (this.failures > 0) {
      this.failures -= 1;
      return Promise.reject(new Error('provider down (test)'));
    }
    this.sent.push({ to, text });
    return Promise.resolve();
  }

  failNext(times = 1): void {
    this.failures += times;
  }

  /** The six-digit code of the latest message to `phone` (E.164). */
  lastCodeFor(phone: string): string {
    const message = [...this.sent].reverse().find((sms) => sms.to === phone);
    const code = message && /\b(\d{6})\b/.exec(message.text)?.[1];
    if (!code) throw new Error(`no code was sent to ${phone}`);
    return code;
  }
}
