import type { SmsConfig } from '../../config.js';
import { ConsoleSmsSender } from './console-sms-sender.js';
import type { SmsSender } from './sms-sender.js';
import { TwilioSmsSender } from './twilio-sms-sender.js';

interface Logger {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

export function createSmsSender(config: SmsConfig, log: Logger): SmsSender {
  switch (config.provider) {
    case 'console':
      return new ConsoleSmsSender(log);
    case 'twilio':
      return new TwilioSmsSender(config, log);
  }
}
