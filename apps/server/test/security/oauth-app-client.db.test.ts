import { APP_OAUTH_STATE_PREFIX, Code, OAUTH_PROVIDERS, type OAuthProvider } from '@cliffhanger/contract';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OAUTH_BINDER_COOKIE } from '../../src/http/oauth-binder-cookie.js';
import { authorizeHeadless } from '@cliffhanger/test-kit/fakes/oauth-fakes';
import { binderCookieOf, createOAuthTestApp, getUrl, postCallback, type OAuthTestApp } from '../oauth/oauth-test-app.js';

/**
 * A sign-in started in the iOS shell: the app asks for the URL as `client=app`, the provider
 * sends the viewer back to the web callback page in Safari, which hands code and state to the app
 * (cliffhanger://…), and the app finishes the exchange from its own web view. The two share no
 * cookie, so the app's state is bound by a binder answered in the JSON and sent back in the
 * callback body. The login-CSRF defence must stay as strong as the browser's: a code and state
 * without the binder that the same client got with the URL sign nobody in (Code.SIGNIN_OAUTH_STATE_INVALID).
 */
let t: OAuthTestApp;

beforeAll(async () => {
  t = await createOAuthTestApp();
});
afterAll(async () => {
  await t?.close();
});

interface AppUrl {
  url: string;
  state: string;
  binder: string;
}

async function getAppUrl(provider: OAuthProvider, cookie?: string): Promise<LightMyRequestResponse> {
  return t.app.inject({
    method: 'GET',
    url: `/api/v1/auth/oauth/${provider}/url?client=app`,
    ...(cookie ? { headers: { cookie } } : {}),
  });
}

/** The app asks for the URL and the viewer approves at the provider: what reaches the callback page. */
async function appSignInStarted(provider: OAuthProvider, subject: string) {
  const res = await getAppUrl(provider);
  expect(res.statusCode).toBe(200);
  const started = res.json<{ data: AppUrl }>().data;
  t.fakes[provider].setProfile({ subject, name: subject });
  const returned = await authorizeHeadless(started.url);
  expect(returned.state).toBe(started.state);
  return { ...started, code: returned.code };
}

/** The app's exchange: the binder travels in the body, and the app's web view has no binder cookie. */
function postAppCallback(provider: OAuthProvider, body: Record<string, unknown>, cookie: string | null = null) {
  return postCallback(t, provider, body, cookie);
}

describe('sign-in started in the app', () => {
  it('answers the binder in the JSON, sets no cookie, and marks the state as the app’s', async () => {
    const res = await getAppUrl('google', `${OAUTH_BINDER_COOKIE}=${'b'.repeat(43)}`);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['set-cookie']).toBeUndefined();
    const { url, state, binder } = res.json<{ data: AppUrl }>().data;
    expect(binder).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // A fresh binder per app sign-in: a browser cookie sent along is not adopted.
    expect(binder).not.toBe('b'.repeat(43));
    expect(state.startsWith(APP_OAUTH_STATE_PREFIX)).toBe(true);
    expect(new URL(url).searchParams.get('state')).toBe(state);
  });

  it.each(OAUTH_PROVIDERS)('%s: succeeds with the binder in the callback body', async (provider) => {
    const { code, state, binder } = await appSignInStarted(provider, `app-${provider}`);
    const res = await postAppCallback(provider, { code, state, binder });
    expect(res.json()).toMatchObject({ code: Code.OK });
    const session = res.json<{ data: { token: string; user: { uid: number } } }>().data;
    const me = await t.app.inject({ method: 'GET', url: '/api/v1/user', headers: { authorization: session.token } });
    expect(me.json().data.uid).toBe(session.user.uid);
  });

  it('fails without the binder (70008) and issues nothing', async () => {
    const { code, state } = await appSignInStarted('google', 'no-binder');
    const res = await postAppCallback('google', { code, state });
    expect(res.json()).toMatchObject({ code: Code.SIGNIN_OAUTH_STATE_INVALID, data: null });
  });

  it("fails with another app's binder (70008): a victim's app cannot finish an attacker's sign-in", async () => {
    const attacker = await appSignInStarted('google', 'attacker');
    const victim = (await getAppUrl('google')).json<{ data: AppUrl }>().data;
    const res = await postAppCallback('google', { code: attacker.code, state: attacker.state, binder: victim.binder });
    expect(res.json().code).toBe(Code.SIGNIN_OAUTH_STATE_INVALID);
  });

  it("fails with a browser's cookie binder (70008), even the right one sent as a cookie", async () => {
    const started = await appSignInStarted('google', 'cookie-binder');
    const browserCookie = binderCookieOf(await getUrl(t, 'google', ''))!;
    expect(
      (await postAppCallback('google', { code: started.code, state: started.state }, browserCookie)).json().code,
    ).toBe(Code.SIGNIN_OAUTH_STATE_INVALID);
    // The app's own binder in a cookie is not the way the app got it: refused too.
    const asCookie = `${OAUTH_BINDER_COOKIE}=${started.binder}`;
    expect(
      (await postAppCallback('google', { code: started.code, state: started.state }, asCookie)).json().code,
    ).toBe(Code.SIGNIN_OAUTH_STATE_INVALID);
    // None of those attempts used the state up: the app itself still finishes.
    expect((await postAppCallback('google', { code: started.code, state: started.state, binder: started.binder })).json().code).toBe(
      Code.OK,
    );
  });

  it('fails on a replayed state (70008)', async () => {
    const { code, state, binder } = await appSignInStarted('facebook', 'replay');
    expect((await postAppCallback('facebook', { code, state, binder })).json().code).toBe(Code.OK);
    expect((await postAppCallback('facebook', { code, state, binder })).json().code).toBe(Code.SIGNIN_OAUTH_STATE_INVALID);
  });

  it('cannot be turned into a browser state by dropping the mark (the state is unknown then)', async () => {
    const { code, state, binder } = await appSignInStarted('google', 'unmarked');
    const bare = state.slice(APP_OAUTH_STATE_PREFIX.length);
    const res = await postAppCallback('google', { code, state: bare }, `${OAUTH_BINDER_COOKIE}=${binder}`);
    expect(res.json().code).toBe(Code.SIGNIN_OAUTH_STATE_INVALID);
  });
});

describe('sign-in started in a browser (unchanged)', () => {
  it('still binds by the cookie, answers no binder, and succeeds with the cookie', async () => {
    const res = await getUrl(t, 'google', '');
    const cookie = binderCookieOf(res)!;
    expect(cookie).toMatch(new RegExp(`^${OAUTH_BINDER_COOKIE}=`));
    const data = res.json<{ data: { url: string; state: string; binder?: string } }>().data;
    expect(data.binder).toBeUndefined();
    expect(data.state.startsWith(APP_OAUTH_STATE_PREFIX)).toBe(false);
    t.fakes.google.setProfile({ subject: 'browser', name: 'Browser' });
    const { code } = await authorizeHeadless(data.url);
    expect((await postCallback(t, 'google', { code, state: data.state }, cookie)).json().code).toBe(Code.OK);
  });

  it('ignores a binder in the body: only the cookie binds a browser state (70008 without it)', async () => {
    const res = await getUrl(t, 'google', '');
    const binder = binderCookieOf(res)!.slice(OAUTH_BINDER_COOKIE.length + 1);
    const { url, state } = res.json<{ data: { url: string; state: string } }>().data;
    t.fakes.google.setProfile({ subject: 'browser-body', name: 'Browser' });
    const { code } = await authorizeHeadless(url);
    expect((await postCallback(t, 'google', { code, state, binder }, null)).json().code).toBe(
      Code.SIGNIN_OAUTH_STATE_INVALID,
    );
  });

  it('refuses an unknown client kind (10001)', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/auth/oauth/google/url?client=desktop' });
    expect(res.json().code).toBe(Code.INVALID_INPUT);
  });
});
