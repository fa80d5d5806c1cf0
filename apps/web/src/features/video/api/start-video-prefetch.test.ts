import { afterEach, describe, expect, it } from 'vitest';
import { BOOTSTRAP_ELEMENT_ID, resetBootstrap } from '../../../lib/bootstrap';
import { setSession } from '../../../lib/session';
import { stubApi } from '../../../test/fake-api';
import { testUser } from '../../../test/fixtures';
import { drama, playback } from '../test/fixtures';
import { takePrefetched, prefetchKey } from './prefetch';
import { startVideoPrefetch, takeInlinedPlaylist } from './start-video-prefetch';

function inline(data: unknown): void {
  const script = document.createElement('script');
  script.type = 'application/json';
  script.id = BOOTSTRAP_ELEMENT_ID;
  script.textContent = JSON.stringify(data);
  document.head.append(script);
  resetBootstrap();
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

afterEach(() => {
  document.getElementById(BOOTSTRAP_ELEMENT_ID)?.remove();
  resetBootstrap();
  takeInlinedPlaylist();
});

describe('startVideoPrefetch', () => {
  it("hands a visitor the HTML's drama and playback without asking, and its playlist once for hls.js", async () => {
    const api = stubApi();
    inline({ lang: 'en', drama: drama(), playback: playback(1) });
    startVideoPrefetch('?drama_id=7');
    await flush();
    const handed = await takePrefetched<{ playlist_url: string }>(prefetchKey.playback(101, 'en'));
    expect(handed?.playlist_url).toBe(playback(1).playlist_url);
    expect(api.callsTo('GET /episodes/101/play')).toHaveLength(0);
    expect(takeInlinedPlaylist()).toBe(playback(1).playlist_url);
    expect(takeInlinedPlaylist()).toBeNull();
  });

  it('asks the API for a signed-in viewer, whose answer carries their own locks and progress', async () => {
    setSession({ token: 'tok', userInfo: testUser() });
    const api = stubApi({
      'GET /dramas/7': { code: 200, data: drama() },
      'GET /episodes/101/play': { code: 200, data: playback(1) },
    });
    inline({ lang: 'en', drama: drama(), playback: playback(1) });
    startVideoPrefetch('?drama_id=7');
    await flush();
    await flush();
    expect(api.callsTo('GET /episodes/101/play')).toHaveLength(1);
    expect(takeInlinedPlaylist()).toBeNull();
  });
});
