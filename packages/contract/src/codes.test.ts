import { describe, expect, it } from 'vitest';
import { ALL_CODES, Code, classifyCode, httpStatusOf, isKnownCode } from './codes.js';

describe('response-code catalogue', () => {
  it('classifies the codes the product fixes as success / session-invalid, and every other as rejected', () => {
    expect([200, 40702, 10019].map(classifyCode)).toEqual(['success', 'success', 'success']);
    expect([20003, 10027, 20007, 20008].map(classifyCode)).toEqual(Array(4).fill('session-invalid'));
    expect([10000, 10001, 10002, 30001, 40701, 60001, 70001, 0, 201].map(classifyCode)).toEqual(
      Array(9).fill('rejected'),
    );
  });

  it('has unique codes', () => {
    expect(new Set(ALL_CODES).size).toBe(ALL_CODES.length);
  });

  it('groups codes by range: coins 3xxxx, tasks 4xxxx, payments 5xxxx, invites 6xxxx, sign-in 7xxxx, console 8xxxx, comments 9xxxx', () => {
    const ranges: [string, number, number][] = [
      ['INSUFFICIENT_COINS', 30000, 39999],
      ['TASK_NOT_COMPLETED', 40000, 49999],
      ['PAYMENT_FAILED', 50000, 59999],
      ['INVITE_CODE_INVALID', 60000, 69999],
      ['SIGNIN_WRONG_CODE', 70000, 79999],
      ['OPERATOR_EMAIL_TAKEN', 80000, 89999],
      ['COMMENT_REPORT_OWN', 90000, 99999],
    ];
    for (const [name, lo, hi] of ranges) {
      const code = Code[name as keyof typeof Code];
      expect(code).toBeGreaterThanOrEqual(lo);
      expect(code).toBeLessThanOrEqual(hi);
    }
  });

  it('gives every code an HTTP status that tells the truth', () => {
    for (const code of ALL_CODES) {
      const status = httpStatusOf(code);
      expect([200, 400, 401, 403, 404, 409, 410, 413, 429, 500, 503]).toContain(status);
      // EPISODE_LOCKED is the one rejection that travels as 200: a locked episode is an expected answer.
      expect(status === 200).toBe(classifyCode(code) === 'success' || code === Code.EPISODE_LOCKED);
      expect(status === 401).toBe(classifyCode(code) === 'session-invalid');
    }
    expect(httpStatusOf(Code.INVALID_INPUT)).toBe(400);
    expect(httpStatusOf(Code.NOT_FOUND)).toBe(404);
    expect(httpStatusOf(Code.TOO_MANY_REQUESTS)).toBe(429);
    expect(httpStatusOf(Code.INTERNAL_ERROR)).toBe(500);
    expect(httpStatusOf(Code.SERVICE_UNAVAILABLE)).toBe(503);
  });

  it('knows its own codes only', () => {
    expect(isKnownCode(30001)).toBe(true);
    expect(isKnownCode(12345)).toBe(false);
  });
});
