import { afterEach, describe, expect, it } from 'vitest';
import { BOOTSTRAP_ELEMENT_ID, resetBootstrap } from '../../../lib/bootstrap';
import { setSession } from '../../../lib/session';
import { stubApi } from '../../../test/fake-api';
import { testUser } from '../../../test/fixtures';
import { drama, playback } from '../test/fixtures';
import { takePrefetched, prefetchKey } from './prefetch';
import { startVideoPrefetch, takeInlinedStart } from './start-video-prefetch';

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
  takeInlinedStart();
});

describe('startVideoPrefetch', () => {
  it("hands a visitor the HTML's drama and playback without asking, and its start once, with the ad decision", async () => {
    const api = stubApi({
      'GET /ads/next': { code: 200, data: { ad: null, rewarded_today: 0, rewarded_daily_cap: 5 } },
    });
    inline({ lang: 'en', drama: drama(), playback: playback(1) });
    startVideoPrefetch('?drama_id=7');
    await flush();
    const handed = await takePrefetched<{ playlist_url: string }>(prefetchKey.playback(101, 'en'));
    expect(handed?.playlist_url).toBe(playback(1).playlist_url);
    expect(api.callsTo('GET /episodes/101/play')).toHaveLength(0);
    const start = takeInlinedStart();
    expect(start).toMatchObject({ src: playback(1).playlist_url, episodeId: 101 });
    expect(await start?.adDecision).toBeNull();
    expect(api.callsTo('GET /ads/next')[0]?.query.get('episode_id')).toBe('101');
    expect(takeInlinedStart()).toBeNull();
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
    expect(takeInlinedStart()).toBeNull();
  });
});
