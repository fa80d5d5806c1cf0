import { Code } from '@cliffhanger/contract/browser';
import { ConsoleApiError } from '../api/console-api';
import { isMessageKey, t } from './messages';

const SECONDS_PER_MINUTE = 60;

function numberField(data: unknown, name: string): number | null {
  if (typeof data !== 'object' || data === null) return null;
  const value = (data as Record<string, unknown>)[name];
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}

function badFields(data: unknown): string[] {
  if (typeof data !== 'object' || data === null) return [];
  const fields = (data as { fields?: unknown }).fields;
  if (!Array.isArray(fields)) return [];
  return fields.flatMap((entry: unknown) => {
    const { field, message } = (entry ?? {}) as { field?: unknown; message?: unknown };
    return typeof field === 'string' && typeof message === 'string'
      ? [t('error.invalidField', { field, message })]
      : [];
  });
}

/**
 * What to tell the operator about a failed call: the code's own text from the catalogue (with
 * what its data adds: minutes of a lock, the bad fields of an invalid input), else the server's
 * message with its code, so nothing unknown is hidden.
 */
export function errorText(error: unknown): string {
  if (!(error instanceof ConsoleApiError)) return t('code.10000');
  if (error.kind === 'network') return t('error.network');
  if (error.kind === 'bad-response') return t('error.badResponse', { message: error.message });
  const key = `code.${error.code}`;
  if (!isMessageKey(key)) return t('error.unknownCode', { code: error.code, message: error.message });
  if (error.code === Code.OPERATOR_LOCKED) {
    const seconds = numberField(error.data, 'retry_after_s') ?? SECONDS_PER_MINUTE;
    return t(key, { minutes: Math.max(1, Math.ceil(seconds / SECONDS_PER_MINUTE)) });
  }
  if (error.code === Code.INVALID_INPUT) return [t(key), ...badFields(error.data)].join(' ');
  return t(key);
}
