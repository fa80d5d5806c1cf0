import {
  CONSOLE_API_PREFIX,
  CONSOLE_REQUEST_HEADER,
  CONSOLE_TOTP_HEADER,
  type OperatorRole,
} from '@cliffhanger/contract/console';
import * as OTPAuth from 'otpauth';
import type { AppInstance } from '../../src/app-instance.js';
import { CONSOLE_SESSION_COOKIE } from '../../src/http/console-session-cookie.js';
import type { TestClock } from './test-clock.js';

export const OPERATOR_PASSWORD = 'correct horse battery';

/** A signed-in operator for console HTTP tests: its cookie and a way to make fresh TOTP codes. */
export interface ConsoleOperator {
  id: number;
  email: string;
  role: OperatorRole;
  /** `cookie` header value carrying the session. */
  cookie: string;
  /** The code the operator's authenticator shows at the clock's now; advances the clock a step first so it is fresh. */
  freshCode(): string;
}

let seq = 0;

/**
 * Creates, enrols and signs in an operator over HTTP. The app must run on `clock` (a TestClock),
 * so TOTP codes are made for the app's own now; each code used moves the clock one 30 s step.
 */
export async function signedInOperator(
  app: AppInstance,
  clock: TestClock,
  role: OperatorRole,
): Promise<ConsoleOperator> {
  const { operators } = app.services.console;
  const email = `op${(seq += 1)}-${process.pid}@example.com`;
  const { operatorId, enrolmentToken } = await operators.createOperator(email, role);
  const { uri } = await operators.startEnrolment(enrolmentToken);
  const totp = OTPAuth.URI.parse(uri);
  const freshCode = () => {
    clock.advance(30);
    return totp.generate({ timestamp: clock.now().getTime() });
  };
  await operators.completeEnrolment(
    enrolmentToken,
    OPERATOR_PASSWORD,
    totp.generate({ timestamp: clock.now().getTime() }),
  );
  const response = await app.inject({
    method: 'POST',
    url: `${CONSOLE_API_PREFIX}/auth/sign-in`,
    headers: { [CONSOLE_REQUEST_HEADER]: '1' },
    payload: { email, password: OPERATOR_PASSWORD, code: freshCode() },
  });
  const cookie = response.cookies.find((c) => c.name === CONSOLE_SESSION_COOKIE);
  if (response.statusCode !== 200 || !cookie) throw new Error(`sign-in failed: ${response.body}`);
  return { id: operatorId, email, role, cookie: `${CONSOLE_SESSION_COOKIE}=${cookie.value}`, freshCode };
}

/** Headers of a console request by `operator` (the session cookie and the CSRF header). */
export function consoleHeaders(operator: Pick<ConsoleOperator, 'cookie'>, extra: Record<string, string> = {}) {
  return { cookie: operator.cookie, [CONSOLE_REQUEST_HEADER]: '1', ...extra };
}

/** A console POST by `operator` to `path` (below the API prefix), carrying `totp` as the fresh code when given. */
export function consolePost(
  app: AppInstance,
  operator: Pick<ConsoleOperator, 'cookie'>,
  path: string,
  payload: object,
  totp?: string,
) {
  return app.inject({
    method: 'POST',
    url: `${CONSOLE_API_PREFIX}${path}`,
    headers: consoleHeaders(operator, totp === undefined ? {} : { [CONSOLE_TOTP_HEADER]: totp }),
    payload,
  });
}

/** A new session for `operator` (a second browser): signs in over HTTP and answers its cookie header. */
export async function signInAgain(
  app: AppInstance,
  operator: Pick<ConsoleOperator, 'email' | 'freshCode'>,
  password = OPERATOR_PASSWORD,
): Promise<string> {
  const response = await app.inject({
    method: 'POST',
    url: `${CONSOLE_API_PREFIX}/auth/sign-in`,
    headers: { [CONSOLE_REQUEST_HEADER]: '1' },
    payload: { email: operator.email, password, code: operator.freshCode() },
  });
  const cookie = response.cookies.find((c) => c.name === CONSOLE_SESSION_COOKIE);
  if (response.statusCode !== 200 || !cookie) throw new Error(`sign-in failed: ${response.body}`);
  return `${CONSOLE_SESSION_COOKIE}=${cookie.value}`;
}
