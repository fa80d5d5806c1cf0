import { describe, expect, it } from 'vitest';
import {
  forgetReturnTo,
  loginHref,
  peekReturnTo,
  rememberReturnTo,
  returnToFromSearch,
  safeReturnTo,
} from './return-to';

describe('return-to', () => {
  it('keeps a path on this site with its query and hash', () => {
    expect(safeReturnTo('/pages/user/wallet?tab=income#top')).toBe('/pages/user/wallet?tab=income#top');
  });

  it.each(['//evil.example/x', '/\\evil.example', 'https://evil.example/', 'javascript:alert(1)', '', null, 'pages/x'])(
    'refuses %s',
    (value) => {
      expect(safeReturnTo(value)).toBeNull();
    },
  );

  it('never returns to a sign-in page', () => {
    expect(safeReturnTo('/pages/login/index?redirect=/x')).toBeNull();
    expect(safeReturnTo('/pages/login/googleLogin?code=1')).toBeNull();
  });

  it('builds the login link and reads it back', () => {
    const href = loginHref('/pages/Rewards/index?from=share');
    expect(href).toBe('/pages/login/index?redirect=%2Fpages%2FRewards%2Findex%3Ffrom%3Dshare');
    expect(returnToFromSearch(href.slice(href.indexOf('?')))).toBe('/pages/Rewards/index?from=share');
    expect(loginHref('//evil.example')).toBe('/pages/login/index');
  });

  it('remembers the return-to for the trip to a provider', () => {
    rememberReturnTo('/pages/user/invite?x=1');
    expect(peekReturnTo()).toBe('/pages/user/invite?x=1');
    forgetReturnTo();
    expect(peekReturnTo()).toBeNull();
  });
});
