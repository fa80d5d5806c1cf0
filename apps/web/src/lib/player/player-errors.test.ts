import { describe, expect, it } from 'vitest';
import { i18n } from '../i18n';
import { hlsErrorAction, isUsablePlaylist, mediaElementError, PLAYER_ERROR_KEYS, playRejection } from './player-errors';

describe('player error mapping', () => {
  it("uses the product's playback texts", () => {
    expect(i18n.t(PLAYER_ERROR_KEYS.invalidVideo)).toBe('Invalid video');
    expect(i18n.t(PLAYER_ERROR_KEYS.loadVideoFailed)).toBe('Failed to load video');
    expect(i18n.t(PLAYER_ERROR_KEYS.playbackFailed)).toBe('Playback failed');
    expect(i18n.t('errors.loadSubtitlesFailed')).toBe('Failed to load subtitles');
  });

  it('calls a missing or blank playlist invalid', () => {
    expect(isUsablePlaylist('')).toBe(false);
    expect(isUsablePlaylist('   ')).toBe(false);
    expect(isUsablePlaylist(null)).toBe(false);
    expect(isUsablePlaylist('/media/episodes/a/1/master.m3u8?sig=x')).toBe(true);
  });

  it('maps hls.js errors: network → load failed, media → one recovery then playback failed', () => {
    expect(hlsErrorAction({ fatal: false, type: 'networkError' }, false)).toBe('ignore');
    expect(hlsErrorAction({ fatal: true, type: 'networkError' }, false)).toBe('loadVideoFailed');
    expect(hlsErrorAction({ fatal: true, type: 'mediaError' }, false)).toBe('recover');
    expect(hlsErrorAction({ fatal: true, type: 'mediaError' }, true)).toBe('playbackFailed');
    expect(hlsErrorAction({ fatal: true, type: 'muxError' }, false)).toBe('playbackFailed');
  });

  it('tells the autoplay policy from a real play() failure', () => {
    expect(playRejection(new DOMException('no gesture', 'NotAllowedError'))).toBe('autoplay-blocked');
    expect(playRejection(new DOMException('interrupted', 'AbortError'))).toBe('ignore');
    expect(playRejection(new DOMException('bad source', 'NotSupportedError'))).toBe('playbackFailed');
    expect(playRejection('weird')).toBe('playbackFailed');
  });

  it('maps native media errors', () => {
    expect(mediaElementError(1)).toBeNull();
    expect(mediaElementError(2)).toBe('loadVideoFailed');
    expect(mediaElementError(3)).toBe('playbackFailed');
    expect(mediaElementError(4)).toBe('loadVideoFailed');
  });
});
