/** Delivers one text message. Rejects when the provider did not accept it. */
export interface SmsSender {
  send(to: string, text: string): Promise<void>;
}

/** The provider refused or could not be reached; the message is for logs only. */
export class SmsDeliveryError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'SmsDeliveryError';
  }
}
