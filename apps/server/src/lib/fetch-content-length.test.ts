import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { OAuth2Client } from 'arctic';
import { Agent, setGlobalDispatcher } from 'undici';
import { describe, expect, it } from 'vitest';
import { foldContentLength, foldDoubledContentLength } from './fetch-content-length.js';

describe('foldContentLength', () => {
  it('folds a repeated identical value and leaves anything else alone', () => {
    expect(foldContentLength('86, 86')).toBe('86');
    expect(foldContentLength('86')).toBe('86');
    expect(foldContentLength('86, 87')).toBe('86, 87');
  });
});

describe('foldDoubledContentLength', () => {
  it("lets arctic's token request (its own Content-Length) through the undici package's dispatcher", async () => {
    const seen: IncomingHttpHeaders[] = [];
    const server = createServer((request, response) => {
      seen.push(request.headers);
      request.resume();
      response.setHeader('content-type', 'application/json');
      response.end(JSON.stringify({ access_token: 'at', token_type: 'Bearer' }));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const tokenUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/token`;
    const client = new OAuth2Client('id', 'secret', 'https://app.example/cb');
    try {
      // What importing the undici package does to a process that has not fetched yet.
      setGlobalDispatcher(new Agent());
      await expect(client.validateAuthorizationCode(tokenUrl, 'code', 'verifier')).rejects.toThrow();

      foldDoubledContentLength();
      foldDoubledContentLength();
      const tokens = await client.validateAuthorizationCode(tokenUrl, 'code', 'verifier');
      expect(tokens.accessToken()).toBe('at');
      const body = new URLSearchParams({
        grant_type: 'authorization_code',
        code: 'code',
        redirect_uri: 'https://app.example/cb',
        code_verifier: 'verifier',
      }).toString();
      expect(seen.at(-1)?.['content-length']).toBe(String(Buffer.byteLength(body)));
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});
