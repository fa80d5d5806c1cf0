import { z } from 'zod';
import { inputString } from '../text.js';
import { PASSWORD_MAX } from '../values.js';
import { defineConsoleEndpoint, OPERATOR_ROLES } from './console-endpoint.js';

export const operatorSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  role: z.enum(OPERATOR_ROLES),
});
export type Operator = z.infer<typeof operatorSchema>;

const enrolmentToken = z.string().min(1).max(200);
/** A six-digit TOTP code or a recovery code (XXXXX-XXXXX; case, spaces and the dash do not matter). */
export const secondFactorSchema = inputString().trim().min(6, 'code is too short').max(20, 'code is too long');

export const consoleStartEnrolment = defineConsoleEndpoint({
  method: 'POST',
  path: '/auth/enrolment/start',
  access: 'public',
  summary: "Opens an enrolment link: a new TOTP secret and its otpauth:// URI for the authenticator's QR code",
  body: z.object({ token: enrolmentToken }),
  data: z.object({ email: z.string(), secret: z.string(), uri: z.string() }),
});

export const consoleCompleteEnrolment = defineConsoleEndpoint({
  method: 'POST',
  path: '/auth/enrolment/complete',
  access: 'public',
  summary: 'Sets the password, proves the authenticator with a code, uses the link up; answers the recovery codes, shown once',
  body: z.object({
    token: enrolmentToken,
    password: inputString().min(1).max(PASSWORD_MAX),
    code: z.string().regex(/^\d{6}$/, 'code is six digits'),
  }),
  data: z.object({ recovery_codes: z.array(z.string()) }),
});

export const consoleSignIn = defineConsoleEndpoint({
  method: 'POST',
  path: '/auth/sign-in',
  access: 'public',
  summary: 'Signs an operator in with e-mail, password and a TOTP or recovery code; the session travels as an HttpOnly cookie',
  body: z.object({
    email: inputString().trim().min(3).max(254),
    password: inputString().min(1).max(PASSWORD_MAX),
    code: secondFactorSchema,
  }),
  data: operatorSchema,
});

export const consoleSignOut = defineConsoleEndpoint({
  method: 'POST',
  path: '/auth/sign-out',
  access: 'operator',
  summary: 'Ends this session',
  data: z.null(),
});

export const consoleMe = defineConsoleEndpoint({
  method: 'GET',
  path: '/me',
  access: 'operator',
  summary: 'The signed-in operator',
  data: operatorSchema,
});
