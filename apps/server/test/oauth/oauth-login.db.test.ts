import { createHash } from 'node:crypto';
import { Code, OAUTH_PROVIDERS, sessionSchema, type OAuthProvider } from '@cliffhanger/contract';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { oauthStates, sessions, userIdentities, users } from '../../src/db/schema.js';
import { hashState } from '../../src/services/oauth/oauth-crypto.js';
import { oauthRedirectUri } from '../../src/services/oauth/oauth-providers.js';
import { createOAuthTestApp, getUrl, PUBLIC_BASE_URL, sessionOf, signIn, type OAuthTestApp } from './oauth-test-app.js';

const CALLBACK_PAGES: Record<OAuthProvider, string> = {
  google: `${PUBLIC_BASE_URL}/pages/login/googleLogin`,
  facebook: `${PUBLIC_BASE_URL}/pages/login/facebookLogin`,
  tiktok: `${PUBLIC_BASE_URL}/pages/login/tiktokLogin`,
};

describe('OAuth sign-in through the fake providers', () => {
  let t: OAuthTestApp;
  beforeAll(async () => {
    t = await createOAuthTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  const db = () => t.app.database.db;

  async function identityCount(provider: string, subject: string): Promise<number> {
    const [row] = await db()
      .select({ n: count() })
      .from(userIdentities)
      .where(and(eq(userIdentities.provider, provider), eq(userIdentities.subject, subject)));
    return row?.n ?? 0;
  }

  async function userCount(): Promise<number> {
    const [row] = await db().select({ n: count() }).from(users);
    return row?.n ?? 0;
  }

  describe.each(OAUTH_PROVIDERS)('%s', (provider) => {
    const subject = `${provider}-subject-1`;

    it('answers a provider URL with a fresh state, stored only as a hash', async () => {
      const first = await getUrl(t, provider);
      const second = await getUrl(t, provider);
      expect(first.statusCode).toBe(200);
      expect(first.headers['cache-control']).toBe('no-store');
      const { url, state } = first.json().data as { url: string; state: string };
      expect(state).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(second.json().data.state).not.toBe(state);
      const params = new URL(url).searchParams;
      expect(params.get('state')).toBe(state);
      expect(params.get('redirect_uri')).toBe(CALLBACK_PAGES[provider]);
      expect(params.get('redirect_uri')).toBe(oauthRedirectUri(PUBLIC_BASE_URL, provider));
      expect(params.get('response_type')).toBe('code');

      const [row] = await db()
        .select()
        .from(oauthStates)
        .where(eq(oauthStates.stateHash, hashState(state)));
      expect(row?.provider).toBe(provider);
      const stored = JSON.stringify(await db().select().from(oauthStates));
      expect(stored).not.toContain(state);

      if (provider === 'tiktok') {
        expect(params.get('client_key')).toBe(t.fakes.tiktok.clientId);
        expect(params.has('client_id')).toBe(false);
        expect(params.has('code_challenge')).toBe(false);
        expect(params.get('scope')).toBe('user.info.basic');
        expect(row?.codeVerifier).toBeNull();
      } else {
        expect(params.get('client_id')).toBe(t.fakes[provider].clientId);
        expect(params.get('code_challenge_method')).toBe('S256');
        // The challenge is the S256 of the verifier kept with the state, never sent to the browser.
        expect(row?.codeVerifier).toMatch(/^[A-Za-z0-9_-]{43}$/);
        expect(params.get('code_challenge')).toBe(
          createHash('sha256')
            .update(row?.codeVerifier ?? '')
            .digest('base64url'),
        );
        expect(url).not.toContain(row?.codeVerifier ?? '');
        expect(params.get('scope')).toBe(provider === 'google' ? 'openid profile' : 'public_profile');
      }
    });

    it('creates an account on the first sign-in, with the provider name and picture', async () => {
      t.fakes[provider].setProfile({
        subject,
        name: `  ${provider} person with a rather long display name  `,
        picture: `https://cdn.example/${provider}.jpg`,
      });
      const usersBefore = await userCount();
      const res = await signIn(t, provider);
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('no-store');
      const body = res.json();
      expect(body.code).toBe(Code.OK);
      expect(sessionSchema.strict().safeParse(body.data).success).toBe(true);
      expect(body.data.user).toMatchObject({
        nickname: `${provider} person with a rather long display name`.slice(0, 20).trim(),
        avatar: `https://cdn.example/${provider}.jpg`,
        phone_masked: null,
        has_password: false,
        coin: 0,
      });
      expect(await userCount()).toBe(usersBefore + 1);
      expect(await identityCount(provider, subject)).toBe(1);
    });

    it('signs the same provider account in to the same user the second time', async () => {
      t.fakes[provider].setProfile({ subject, name: 'Renamed Meanwhile' });
      const first = (await signIn(t, provider)).json().data;
      const usersBefore = await userCount();
      const second = (await signIn(t, provider)).json().data;
      expect(second.user.uid).toBe(first.user.uid);
      expect(second.token).not.toBe(first.token);
      expect(await userCount()).toBe(usersBefore);
      expect(await identityCount(provider, subject)).toBe(1);
    });

    it('gives another provider account another user', async () => {
      t.fakes[provider].setProfile({ subject, name: 'One' });
      const one = (await signIn(t, provider)).json().data;
      t.fakes[provider].setProfile({ subject: `${provider}-subject-2`, name: 'Two' });
      const two = (await signIn(t, provider)).json().data;
      expect(two.user.uid).not.toBe(one.user.uid);
    });

    it('issues a session that works on a protected endpoint', async () => {
      t.fakes[provider].setProfile({ subject, name: 'Session Check' });
      const session = sessionOf(await signIn(t, provider));
      for (const token of [session.token, session.refresh_token]) {
        const me = await t.app.inject({ method: 'GET', url: '/api/v1/user', headers: { authorization: token } });
        expect(me.statusCode).toBe(200);
        expect(me.json().data.uid).toBe(session.user.uid);
      }
      const [stored] = await db()
        .select({ userAgent: sessions.userAgent })
        .from(sessions)
        .where(eq(sessions.userId, session.user.uid))
        .limit(1);
      expect(stored?.userAgent).toBe('oauth-test');
    });
  });

  it('keeps the same person apart across providers (a subject is only unique per provider)', async () => {
    for (const provider of OAUTH_PROVIDERS) t.fakes[provider].setProfile({ subject: 'shared-subject', name: 'X' });
    const uids = new Set<number>();
    for (const provider of OAUTH_PROVIDERS) uids.add((await signIn(t, provider)).json().data.user.uid as number);
    expect(uids.size).toBe(3);
  });

  it('falls back to a default nickname and no avatar when the provider has neither', async () => {
    t.fakes.google.setProfile({ subject: 'nameless' });
    const { user } = (await signIn(t, 'google')).json().data;
    expect(user.nickname).toMatch(/^\S{1,20}$/);
    expect(user.avatar).toBe('');
  });
});
