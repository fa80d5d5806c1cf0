import { afterEach, describe, expect, it, vi } from 'vitest';
import { inviteLink } from '../features/invite/components/own-code';
import { shareUrl } from '../features/video/hooks/use-share-episode';
import { apiOrigin, publicOrigin } from './api-origin';

afterEach(() => {
  vi.unstubAllEnvs();
});

describe('links for other people', () => {
  it("use the page's origin in a browser", () => {
    expect(apiOrigin()).toBe('');
    expect(publicOrigin()).toBe(window.location.origin);
    expect(inviteLink('AB12')).toBe(`${window.location.origin}/pages/user/invite?code=AB12`);
  });

  it('use the server the app talks to inside the iOS shell (its own origin is capacitor://localhost)', () => {
    vi.stubEnv('VITE_API_ORIGIN', 'https://watch.example.com/');
    expect(publicOrigin()).toBe('https://watch.example.com');
    expect(inviteLink('AB12')).toBe('https://watch.example.com/pages/user/invite?code=AB12');
    expect(shareUrl({ dramaId: 7, episodeId: 101, title: 'x', mobile: true })).toBe(
      'https://watch.example.com/pages/video/mobileVideoIndex?drama_id=7&episode_id=101',
    );
  });
});
