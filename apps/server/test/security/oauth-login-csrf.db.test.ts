import { Code } from '@cliffhanger/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OAUTH_BINDER_COOKIE } from '../../src/http/oauth-binder-cookie.js';
import { authorizeHeadless } from '@cliffhanger/test-kit/fakes/oauth-fakes';
import { binderCookieOf, createOAuthTestApp, getUrl, postCallback, type OAuthTestApp } from '../oauth/oauth-test-app.js';

/**
 * Login CSRF: an attacker starts a sign-in in their own browser, stops at the callback and sends
 * the link to a victim. The state is bound to the browser that asked for it, so the victim's
 * browser (another binder, or none) cannot finish it.
 */
let t: OAuthTestApp;

beforeAll(async () => {
  t = await createOAuthTestApp();
});
afterAll(async () => {
  await t?.close();
});

async function attackerCallback() {
  const res = await getUrl(t, 'google', `${OAUTH_BINDER_COOKIE}=attacker-browser-has-its-own`);
  const cookie = binderCookieOf(res)!;
  const { url, state } = res.json<{ data: { url: string; state: string } }>().data;
  t.fakes.google.setProfile({ subject: 'attacker', name: 'Attacker' });
  const returned = await authorizeHeadless(url);
  return { cookie, callback: { code: returned.code, state } };
}

describe('OAuth state bound to the browser', () => {
  it('sets an HttpOnly, SameSite=Lax binder cookie scoped to the OAuth endpoints with the URL', async () => {
    const res = await getUrl(t, 'google', '');
    const header = String(res.headers['set-cookie']);
    expect(header).toMatch(new RegExp(`^${OAUTH_BINDER_COOKIE}=[A-Za-z0-9_-]{43};`));
    expect(header).toContain('HttpOnly');
    expect(header).toContain('SameSite=Lax');
    expect(header).toContain('Path=/api/v1/auth/oauth');
  });

  it("refuses the attacker's callback in a browser without a binder (70008), and issues nothing", async () => {
    const { callback } = await attackerCallback();
    const res = await postCallback(t, 'google', callback, null);
    expect(res.json()).toMatchObject({ code: Code.SIGNIN_OAUTH_STATE_INVALID });
    expect(res.json().data).toBeNull();
  });

  it("refuses the attacker's callback in a browser with its own binder (70008)", async () => {
    const { callback } = await attackerCallback();
    const victim = binderCookieOf(await getUrl(t, 'google', ''))!;
    const res = await postCallback(t, 'google', callback, victim);
    expect(res.json().code).toBe(Code.SIGNIN_OAUTH_STATE_INVALID);
  });

  it('lets the browser that started the flow finish it', async () => {
    const { cookie, callback } = await attackerCallback();
    expect((await postCallback(t, 'google', callback, cookie)).json().code).toBe(200);
  });

  it('keeps one binder per browser, so two tabs can sign in side by side', async () => {
    const first = await getUrl(t, 'google', '');
    const cookie = binderCookieOf(first)!;
    const second = await getUrl(t, 'facebook', cookie);
    expect(binderCookieOf(second)).toBe(cookie);
  });
});
