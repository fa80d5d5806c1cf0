import type { Session } from '@cliffhanger/contract';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import type { AppInstance } from '../../src/app-instance.js';
import type { RecordingSmsSender } from '../fakes/recording-sms-sender.js';

let phoneSeq = 0;

/**
 * A valid, never-used-before mobile number (Turkish 532 range), unique within the test process.
 * The random middle keeps two test files from colliding on a shared PostgreSQL server.
 */
export function newPhone(): string {
  phoneSeq += 1;
  const base = (process.pid % 100) * 10_000 + phoneSeq;
  return `+90532${String(base).padStart(7, '0')}`;
}

export interface Caller {
  app: AppInstance;
  sms: RecordingSmsSender;
}

export function bearer(token: string): Record<string, string> {
  return { authorization: token };
}

export async function sendCode(app: AppInstance, phone: string, ip = '127.0.0.1'): Promise<LightMyRequestResponse> {
  return app.inject({ method: 'POST', url: '/api/v1/auth/sms/send', payload: { phone }, remoteAddress: ip });
}

export async function smsLogin(
  app: AppInstance,
  phone: string,
  code: string,
  extra: Partial<InjectOptions> = {},
): Promise<LightMyRequestResponse> {
  return app.inject({ method: 'POST', url: '/api/v1/auth/sms/login', payload: { phone, code }, ...extra });
}

/** Signs in (registering on first use) through the real SMS flow and answers the session. */
export async function signIn({ app, sms }: Caller, phone: string = newPhone()): Promise<Session> {
  const sent = await sendCode(app, phone);
  if (sent.json<{ code: number }>().code !== 200) throw new Error(`send failed: ${sent.body}`);
  const res = await smsLogin(app, phone, sms.lastCodeFor(phone));
  const body = res.json<{ code: number; data: Session }>();
  if (body.code !== 200) throw new Error(`sign-in failed: ${res.body}`);
  return body.data;
}

/**
 * `{code, message, data}` of a response. `data` is loose by default because assertions read
 * whatever a given answer holds; pass the contract type where a value is used further.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function envelope<T = any>(res: LightMyRequestResponse): { code: number; message: string; data: T } {
  return res.json();
}
