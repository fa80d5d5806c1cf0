import type { SmsSender } from './sms-sender.js';

export interface InfoLogger {
  info(obj: object, msg: string): void;
}

/**
 * SMS_PROVIDER=console: the message goes to the server log at info level. This is how a local
 * developer signs in without an SMS account; production sets a real provider.
 */
export class ConsoleSmsSender implements SmsSender {
  constructor(private readonly log: InfoLogger) {}

  send(to: string, text: string): Promise<void> {
    this.log.info({ sms: { to } }, `SMS to ${to} : ${text}`);
    return Promise.resolve();
  }
}
