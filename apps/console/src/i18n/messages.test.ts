import { ALL_CODES, Code } from '@cliffhanger/contract/browser';
import { describe, expect, it } from 'vitest';
import { ConsoleApiError } from '../api/console-api';
import { coreMessages } from './core-messages';
import { errorText } from './error-text';
import { messages, t } from './messages';

// Every area's own part of the catalogue, as they are spread into messages.ts.
const areaParts = import.meta.glob<Record<string, Record<string, string>>>('../pages/**/messages.ts', { eager: true });

describe('the catalogue', () => {
  it('has every part spread in, and no two parts define the same key', () => {
    const parts = [coreMessages, ...Object.values(areaParts).flatMap((module) => Object.values(module))];
    const keys = parts.flatMap((part) => Object.keys(part));
    expect(new Set(keys).size).toBe(keys.length);
    expect(Object.keys(messages).sort()).toEqual([...keys].sort());
  });

  it('names only codes the contract defines', () => {
    const codeKeys = Object.keys(messages).filter((key) => key.startsWith('code.'));
    for (const key of codeKeys) expect(ALL_CODES).toContain(Number(key.slice('code.'.length)));
  });

  it('fills {name} with the values given and leaves unknown ones', () => {
    expect(t('layout.signedInAs', { email: 'a@b.c' })).toBe('Signed in as a@b.c');
    expect(t('notFound.body', {})).toBe('There is no console page at {path}.');
  });
});

describe('errorText', () => {
  it('says a lock with its minutes, rounded up', () => {
    expect(errorText(new ConsoleApiError(Code.OPERATOR_LOCKED, 'locked', { retry_after_s: 61 }))).toContain(
      'in 2 minutes',
    );
  });

  it('lists the bad fields of an invalid input', () => {
    const error = new ConsoleApiError(Code.INVALID_INPUT, 'bad', {
      fields: [{ field: 'email', message: 'too short' }],
    });
    expect(errorText(error)).toBe(`${t('code.10001')} email: too short`);
  });

  it('keeps the code and the server message of a code it has no words for', () => {
    expect(errorText(new ConsoleApiError(Code.PAYMENT_FAILED, 'card declined'))).toBe(
      'The request failed (code 50001): card declined',
    );
  });

  it('tells a network failure from a server answer', () => {
    expect(errorText(new ConsoleApiError(Code.INTERNAL_ERROR, 'x', null, 'network'))).toBe(t('error.network'));
  });
});
