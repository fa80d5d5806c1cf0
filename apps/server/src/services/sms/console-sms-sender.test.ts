import { describe, expect, it } from 'vitest';
import { ConsoleSmsSender } from './console-sms-sender.js';

describe('ConsoleSmsSender', () => {
  it('logs the message at info level, which is how local developers read their code', async () => {
    const lines: { obj: object; msg: string }[] = [];
    const sender = new ConsoleSmsSender({ info: (obj, msg) => lines.push({ obj, msg }) });
    await sender.send('+905321234567', 'Your Cliffhanger code is 123456');
    expect(lines).toEqual([
      { obj: { sms: { to: '+905321234567' } }, msg: 'SMS to +905321234567 : Your Cliffhanger code is 123456' },
    ]);
  });
});
