/**
 * The HTTP side of the fake OAuth providers (oauth-google.ts, oauth-facebook.ts, oauth-tiktok.ts):
 * a real server on 127.0.0.1 with switches to misbehave, and `authorizeHeadless` to go through
 * the authorize step without a browser.
 *
 * No test-runner imports and nothing from src/: the browser e2e suite starts these too.
 */
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import {
  sendJson,
  sendText,
  type FailureMode,
  type FakeProfile,
  type FakeProviderName,
  type FakeRequest,
  type FakeRoute,
  type FakeState,
  type RecordedRequest,
} from './oauth-fake-protocol.js';

export type { FailureMode, FakeProfile, FakeProviderName, RecordedRequest } from './oauth-fake-protocol.js';

export interface FakeOAuthProvider {
  readonly provider: FakeProviderName;
  /** Origin of the fake, e.g. http://127.0.0.1:43121 */
  readonly baseUrl: string;
  readonly clientId: string;
  readonly clientSecret: string;
  /**
   * Everything the server needs to use this fake instead of the real provider: client id and
   * secret plus every endpoint URL, keyed by environment variable.
   */
  readonly env: Readonly<Record<string, string>>;
  /** Every request the fake answered, oldest first. */
  readonly requests: readonly RecordedRequest[];
  profile: FakeProfile;
  setProfile(profile: FakeProfile): void;
  /** The person cancels on the provider's page: authorize redirects back with `error=access_denied`. */
  denyAuthorization(deny: boolean): void;
  failToken(mode: FailureMode | false): void;
  failUserinfo(mode: FailureMode | false): void;
  close(): Promise<void>;
}

export interface FakeOptions {
  clientId?: string;
  clientSecret?: string;
  profile?: FakeProfile;
  /**
   * The redirect URI registered for this client. Set: authorize refuses any other, like the real
   * providers do. Unset: any absolute http(s) URL is accepted.
   */
  redirectUri?: string;
  /** 127.0.0.1 unless told otherwise. */
  host?: string;
  port?: number;
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * Starts one fake: `routes` maps "METHOD /path" to a handler; `env` builds the server's
 * environment from the origin.
 */
export async function startFake(options: {
  provider: FakeProviderName;
  fakeOptions: FakeOptions;
  defaults: { clientId: string; clientSecret: string; profile: FakeProfile };
  routes: Record<string, FakeRoute>;
  env: (baseUrl: string, clientId: string, clientSecret: string) => Record<string, string>;
}): Promise<FakeOAuthProvider> {
  const { fakeOptions, defaults } = options;
  const state: FakeState = {
    clientId: fakeOptions.clientId ?? defaults.clientId,
    clientSecret: fakeOptions.clientSecret ?? defaults.clientSecret,
    registeredRedirectUri: fakeOptions.redirectUri,
    profile: { ...(fakeOptions.profile ?? defaults.profile) },
    deny: false,
    tokenFailure: false,
    userinfoFailure: false,
    grants: new Map(),
    tokens: new Map(),
  };
  const requests: RecordedRequest[] = [];
  const sockets = new Set<Socket>();

  const server = createServer((raw, response) => {
    void (async () => {
      const url = new URL(raw.url ?? '/', 'http://fake.invalid');
      const body = await readBody(raw);
      const contentType = String(raw.headers['content-type'] ?? '');
      const form = contentType.startsWith('application/x-www-form-urlencoded')
        ? Object.fromEntries(new URLSearchParams(body))
        : {};
      const request: FakeRequest = {
        method: raw.method ?? 'GET',
        path: url.pathname,
        query: Object.fromEntries(url.searchParams),
        form,
        headers: raw.headers,
        raw,
      };
      requests.push({
        method: request.method,
        path: request.path,
        query: request.query,
        form: request.form,
        headers: request.headers,
      });
      const route = options.routes[`${request.method} ${request.path}`];
      if (!route) {
        sendJson(response, 404, { error: 'not_found', error_description: `${request.method} ${request.path}` });
        return;
      }
      route(request, response, state);
    })().catch((error: unknown) => {
      if (!response.headersSent) sendText(response, 500, String(error));
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(fakeOptions.port ?? 0, fakeOptions.host ?? '127.0.0.1', () => resolve());
  });
  const address = server.address() as AddressInfo;
  const baseUrl = `http://${fakeOptions.host ?? '127.0.0.1'}:${address.port}`;

  let closing: Promise<void> | undefined;
  return {
    provider: options.provider,
    baseUrl,
    clientId: state.clientId,
    clientSecret: state.clientSecret,
    env: Object.freeze(options.env(baseUrl, state.clientId, state.clientSecret)),
    requests,
    get profile() {
      return state.profile;
    },
    set profile(profile: FakeProfile) {
      state.profile = { ...profile };
    },
    setProfile(profile) {
      state.profile = { ...profile };
    },
    denyAuthorization(deny) {
      state.deny = deny;
    },
    failToken(mode) {
      state.tokenFailure = mode;
    },
    failUserinfo(mode) {
      state.userinfoFailure = mode;
    },
    close() {
      closing ??= new Promise<void>((resolve) => {
        // Hanging requests ("hang" mode) would keep close() waiting forever.
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      });
      return closing;
    },
  };
}

/**
 * Performs the provider's authorize step the way a browser would, minus the browser: GET the
 * authorization URL, read the redirect, and return what the callback page would receive.
 * Throws when the fake refuses the request or redirects back with an error.
 */
export async function authorizeHeadless(
  authorizationUrl: string,
): Promise<{ code: string; state: string; redirectUri: string }> {
  const response = await fetch(authorizationUrl, { redirect: 'manual' });
  const location = response.headers.get('location');
  if (response.status !== 302 || !location) {
    throw new Error(`authorize answered ${response.status}: ${await response.text()}`);
  }
  const target = new URL(location);
  const error = target.searchParams.get('error');
  if (error) throw new Error(`authorize redirected with error=${error}`);
  const code = target.searchParams.get('code');
  const state = target.searchParams.get('state');
  if (!code || state === null) throw new Error(`authorize redirect lacks code or state: ${location}`);
  return { code, state, redirectUri: `${target.origin}${target.pathname}` };
}
