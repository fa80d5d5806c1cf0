import { z } from 'zod';
import { inputString } from '../text.js';
import { defineEndpoint } from '../endpoint.js';
import { OAUTH_CLIENTS, OAUTH_PROVIDERS, PASSWORD_MAX } from '../values.js';
import { userInfoSchema } from './user.js';

/** E.164 on the wire; the server validates it with a phone-number library. */
export const phoneSchema = inputString().trim().min(1, 'phone is empty').max(20, 'phone is too long');
export const smsCodeSchema = z.string().regex(/^\d{6}$/, 'code is six digits');

export const sessionSchema = z.object({
  token: z.string(),
  refresh_token: z.string(),
  /** Seconds until `token` expires; the refresh token lives longer and rotates on refresh. */
  expires_in: z.number().int(),
  user: userInfoSchema,
});
export type Session = z.infer<typeof sessionSchema>;

export const postSmsSend = defineEndpoint({
  method: 'POST',
  path: '/auth/sms/send',
  auth: 'none',
  summary: 'Send a sign-in code by SMS; answers the seconds until a resend is allowed',
  body: z.object({ phone: phoneSchema }),
  data: z.object({ resend_in: z.number().int() }),
});

export const postSmsLogin = defineEndpoint({
  method: 'POST',
  path: '/auth/sms/login',
  auth: 'none',
  summary: 'Sign in (and register on first sign-in) with a phone and its SMS code',
  body: z.object({ phone: phoneSchema, code: smsCodeSchema }),
  data: sessionSchema,
});

export const postPasswordLogin = defineEndpoint({
  method: 'POST',
  path: '/auth/password/login',
  auth: 'none',
  summary: 'Sign in with a phone and password',
  body: z.object({ phone: phoneSchema, password: inputString().min(1).max(PASSWORD_MAX) }),
  data: sessionSchema,
});

const providerParams = z.object({ provider: z.enum(OAUTH_PROVIDERS) });

export const getOAuthUrl = defineEndpoint({
  method: 'GET',
  path: '/auth/oauth/:provider/url',
  auth: 'none',
  summary:
    "The provider's authorization URL, with state (and PKCE where supported). client=web (default): the state is bound to this browser by an HttpOnly cookie; client=app: by the `binder` in this answer, to be sent back with the callback",
  params: providerParams,
  query: z.object({ client: z.enum(OAUTH_CLIENTS).default('web') }),
  data: z.object({
    url: z.string(),
    state: z.string(),
    /** Only for client=app: the secret the callback must carry as `binder`. A browser's is a cookie instead. */
    binder: z.string().optional(),
  }),
});

export const postOAuthCallback = defineEndpoint({
  method: 'POST',
  path: '/auth/oauth/:provider/callback',
  auth: 'none',
  summary:
    'Finish a provider sign-in with the code and state from the callback page; a sign-in started with client=app also sends the binder it got with the URL',
  params: providerParams,
  body: z.object({
    code: inputString().min(1).max(2048),
    state: inputString().min(1).max(256),
    /** The binder answered with an app's URL; ignored for a browser's state (its binder is the cookie). */
    binder: inputString().min(1).max(256).optional(),
  }),
  data: sessionSchema,
});

export const postRefresh = defineEndpoint({
  method: 'POST',
  path: '/auth/refresh',
  auth: 'none',
  summary: 'Rotate: a new token and refresh token for the refresh token sent',
  body: z.object({ refresh_token: inputString().min(1).max(256) }),
  data: sessionSchema,
});

export const postLogout = defineEndpoint({
  method: 'POST',
  path: '/auth/logout',
  auth: 'required',
  summary: 'Revoke the current session',
  data: z.null(),
});
