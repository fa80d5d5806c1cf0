/**
 * A local stand-in for the Twilio Messages API (`POST /2010-04-01/Accounts/{Sid}/Messages.json`),
 * strict the way Twilio is: HTTP Basic auth with the account SID and auth token, a form-encoded
 * body with `To`, `Body` and either `From` or `MessagingServiceSid`; Twilio-shaped 201 and error
 * JSON. Used by the server tests and by the browser e2e suite, so it imports nothing but node.
 *
 *   const twilio = await startFakeTwilio({ accountSid: 'AC…', authToken: '…' });
 *   env: { SMS_PROVIDER: 'twilio', TWILIO_API_BASE: twilio.url, … }
 *   twilio.lastCodeFor('+905321234567') // → '123456'
 */
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeTwilioOptions {
  accountSid: string;
  authToken: string;
}

export interface FakeTwilioMessage {
  sid: string;
  to: string;
  from: string | null;
  messagingServiceSid: string | null;
  body: string;
  /** The raw request, for assertions on what exactly was sent. */
  request: { authorization: string | undefined; contentType: string | undefined; form: Record<string, string> };
}

export interface FakeTwilioError {
  status: number;
  code: number;
  message: string;
}

export interface FakeTwilio {
  /** Base URL to put in TWILIO_API_BASE, e.g. http://127.0.0.1:41234 */
  url: string;
  messages: FakeTwilioMessage[];
  /** Requests Twilio refused (bad auth, missing fields, failNext), newest last. */
  rejected: FakeTwilioError[];
  /** The six-digit code of the latest message to `phone`, or undefined. */
  lastCodeFor(phone: string): string | undefined;
  /** Makes the next send fail with a Twilio error (default: 21610, unsubscribed recipient). */
  failNext(error?: Partial<FakeTwilioError>): void;
  close(): Promise<void>;
}

const E164 = /^\+[1-9]\d{6,14}$/;

function twilioError(res: ServerResponse, error: FakeTwilioError): void {
  res.writeHead(error.status, { 'content-type': 'application/json' });
  res.end(
    JSON.stringify({
      code: error.code,
      message: error.message,
      more_info: `https://www.twilio.com/docs/errors/${error.code}`,
      status: error.status,
    }),
  );
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

export async function startFakeTwilio(options: FakeTwilioOptions): Promise<FakeTwilio> {
  const messages: FakeTwilioMessage[] = [];
  const rejected: FakeTwilioError[] = [];
  const pendingFailures: FakeTwilioError[] = [];
  const expectedAuth = `Basic ${Buffer.from(`${options.accountSid}:${options.authToken}`).toString('base64')}`;
  const messagesPath = `/2010-04-01/Accounts/${options.accountSid}/Messages.json`;

  const refuse = (res: ServerResponse, error: FakeTwilioError) => {
    rejected.push(error);
    twilioError(res, error);
  };

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const raw = await readBody(req);
    const path = (req.url ?? '').split('?')[0];
    if (req.headers.authorization !== expectedAuth) {
      return refuse(res, { status: 401, code: 20003, message: 'Authenticate' });
    }
    if (req.method !== 'POST' || path !== messagesPath) {
      return refuse(res, { status: 404, code: 20404, message: `The requested resource ${path} was not found` });
    }
    if (!(req.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded')) {
      return refuse(res, { status: 400, code: 21604, message: "A 'To' phone number is required." });
    }
    const form = Object.fromEntries(new URLSearchParams(raw));
    const to = form.To;
    const body = form.Body;
    const from = form.From ?? null;
    const service = form.MessagingServiceSid ?? null;
    if (!to) return refuse(res, { status: 400, code: 21604, message: "A 'To' phone number is required." });
    if (!E164.test(to)) {
      return refuse(res, { status: 400, code: 21211, message: `Invalid 'To' Phone Number: ${to}` });
    }
    if (!from && !service) {
      return refuse(res, { status: 400, code: 21603, message: "A 'From' phone number is required." });
    }
    if (!body) return refuse(res, { status: 400, code: 21602, message: 'Message body is required.' });
    const failure = pendingFailures.shift();
    if (failure) return refuse(res, failure);

    const sid = `SM${randomBytes(16).toString('hex')}`;
    messages.push({
      sid,
      to,
      from,
      messagingServiceSid: service,
      body,
      request: { authorization: req.headers.authorization, contentType: req.headers['content-type'], form },
    });
    const now = new Date().toUTCString().replace('GMT', '+0000');
    res.writeHead(201, { 'content-type': 'application/json' });
    res.end(
      JSON.stringify({
        account_sid: options.accountSid,
        api_version: '2010-04-01',
        body,
        date_created: now,
        date_sent: null,
        date_updated: now,
        direction: 'outbound-api',
        error_code: null,
        error_message: null,
        from,
        messaging_service_sid: service,
        num_media: '0',
        num_segments: '1',
        price: null,
        price_unit: 'USD',
        sid,
        status: service ? 'accepted' : 'queued',
        subresource_uris: { media: `/2010-04-01/Accounts/${options.accountSid}/Messages/${sid}/Media.json` },
        to,
        uri: `/2010-04-01/Accounts/${options.accountSid}/Messages/${sid}.json`,
      }),
    );
  };

  const server = createServer((req, res) => {
    handle(req, res).catch(() => {
      res.writeHead(500);
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    messages,
    rejected,
    lastCodeFor(phone) {
      const message = [...messages].reverse().find((m) => m.to === phone);
      return message ? /\b(\d{6})\b/.exec(message.body)?.[1] : undefined;
    },
    failNext(error = {}) {
      pendingFailures.push({
        status: error.status ?? 400,
        code: error.code ?? 21610,
        message: error.message ?? 'Attempt to send to unsubscribed recipient',
      });
    },
    close() {
      return new Promise((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      });
    },
  };
}
