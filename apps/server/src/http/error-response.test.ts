import { Code } from '@cliffhanger/contract';
import { describe, expect, it } from 'vitest';
import { AppError } from './envelope.js';
import { fieldsOf, toErrorResponse } from './error-response.js';

describe('fieldsOf', () => {
  it('prefixes the request part and joins nested paths with dots', () => {
    expect(
      fieldsOf(
        [
          { keyword: 'too_small', instancePath: '/page', schemaPath: '', params: {}, message: 'too small' },
          { keyword: 'x', instancePath: '/items/0/name', schemaPath: '', params: {}, message: 'bad' },
          { keyword: 'x', instancePath: '/a~1b', schemaPath: '', params: {}, message: 'bad' },
        ],
        'querystring',
      ),
    ).toEqual([
      { field: 'query.page', message: 'too small' },
      { field: 'query.items.0.name', message: 'bad' },
      { field: 'query.a/b', message: 'bad' },
    ]);
  });

  it('names the whole part when the problem is at its root', () => {
    expect(
      fieldsOf([{ keyword: 'x', instancePath: '', schemaPath: '', params: {}, message: 'required' }], 'body'),
    ).toEqual([{ field: 'body', message: 'required' }]);
  });
});

describe('toErrorResponse', () => {
  it('keeps an AppError as it is', () => {
    const response = toErrorResponse(new AppError(Code.NOT_FOUND, 'No such drama', { id: 3 }));
    expect(response).toEqual({
      status: 404,
      body: { code: Code.NOT_FOUND, message: 'No such drama', data: { id: 3 } },
      severity: 'client',
    });
  });

  it('lets an AppError choose another HTTP status', () => {
    expect(toErrorResponse(new AppError(Code.INTERNAL_ERROR, 'Not ready', null, { status: 503 })).status).toBe(503);
  });

  it.each([
    [new Error('SELECT secret'), 500, Code.INTERNAL_ERROR],
    ['a string', 500, Code.INTERNAL_ERROR],
    [null, 500, Code.INTERNAL_ERROR],
    [Object.assign(new Error('x'), { statusCode: 502 }), 500, Code.INTERNAL_ERROR],
    [
      Object.assign(new Error('x'), { code: 'FST_ERR_CTP_BODY_TOO_LARGE', statusCode: 413 }),
      413,
      Code.PAYLOAD_TOO_LARGE,
    ],
    [Object.assign(new Error('x'), { code: 'FST_ERR_BAD_URL', statusCode: 400 }), 400, Code.INVALID_INPUT],
  ])('maps %s to HTTP %i / code %i', (error, status, code) => {
    const response = toErrorResponse(error);
    expect(response.status).toBe(status);
    expect(response.body.code).toBe(code);
    expect(JSON.stringify(response.body)).not.toContain('SELECT');
  });
});
