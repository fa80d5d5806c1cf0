import { addSeconds } from '../../lib/clock.js';
import { randomToken, sha256Hex } from '../../lib/tokens.js';

const ENROLMENT_TTL_S = 72 * 3600;

/** A new one-time enrolment link's token: the token goes into the link once, only its hash is stored. */
export interface NewEnrolment {
  token: string;
  tokenHash: string;
  expiresAt: Date;
}

export function newEnrolment(now: Date): NewEnrolment {
  const token = randomToken();
  return { token, tokenHash: sha256Hex(token), expiresAt: addSeconds(now, ENROLMENT_TTL_S) };
}

/** The page an operator opens to enrol: the same link whether the command line or an admin made it. */
export function enrolmentLink(publicBaseUrl: string, token: string): string {
  // The token is base64url: it needs no escaping in a query string.
  return `${publicBaseUrl.replace(/\/+$/, '')}/console/enrol?token=${token}`;
}
