import { Code } from '@cliffhanger/contract';
import { AppError } from '../../http/envelope.js';

/**
 * The wallet page's cursor: the id of the last entry shown, wrapped so clients treat it as
 * opaque (the format may change; only a cursor this server issued is accepted).
 */
export function encodeWalletCursor(lastEntryId: number): string {
  return Buffer.from(`w1:${lastEntryId}`, 'utf8').toString('base64url');
}

export function decodeWalletCursor(cursor: string): number {
  const match = /^w1:([1-9]\d{0,15})$/.exec(Buffer.from(cursor, 'base64url').toString('utf8'));
  const id = match ? Number(match[1]) : Number.NaN;
  if (!Number.isSafeInteger(id)) {
    throw new AppError(Code.INVALID_INPUT, 'Invalid input', {
      fields: [{ field: 'query.cursor', message: 'must be a next_cursor from a previous page' }],
    });
  }
  return id;
}
