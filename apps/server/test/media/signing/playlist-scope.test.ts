import { describe, expect, it } from 'vitest';
import { PlaylistScopeError, playlistMediaPaths } from '../../../src/media/signing/playlist-scope.js';

const VARIANT = [
  '#EXTM3U',
  '#EXT-X-VERSION:6',
  '#EXT-X-TARGETDURATION:4',
  '#EXT-X-MEDIA-SEQUENCE:0',
  '#EXT-X-PLAYLIST-TYPE:VOD',
  '#EXT-X-KEY:METHOD=AES-128,URI="key.bin",IV=0x00000000000000000000000000000001',
  '#EXT-X-MAP:URI="init.mp4"',
  '# a plain comment mentioning URI="ignored.ts"',
  '#EXTINF:4.000000,',
  'seg_000.ts',
  '#EXTINF:4.000000,',
  'seg_001.ts',
  '',
  '#EXTINF:2.500000,',
  'seg_002.ts',
  '#EXT-X-ENDLIST',
  '',
].join('\n');

const MASTER = [
  '#EXTM3U',
  '#EXT-X-VERSION:6',
  '#EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID="aud",NAME="en",DEFAULT=YES,URI="audio/index.m3u8"',
  '#EXT-X-STREAM-INF:BANDWIDTH=2500000,RESOLUTION=720x1280,CODECS="avc1.64001f,mp4a.40.2",AUDIO="aud"',
  'hd/index.m3u8',
  '#EXT-X-STREAM-INF:BANDWIDTH=1400000,RESOLUTION=480x854,CODECS="avc1.64001e,mp4a.40.2",AUDIO="aud"',
  'sd/index.m3u8',
  '',
].join('\n');

describe('playlistMediaPaths', () => {
  it('lists every URI of a VOD variant playlist, tag attributes included, comments ignored', () => {
    expect(playlistMediaPaths({ playlistText: VARIANT, playlistPath: 'episodes/42/hd/index.m3u8' })).toEqual(
      ['key.bin', 'init.mp4', 'seg_000.ts', 'seg_001.ts', 'seg_002.ts'].map((f) => `episodes/42/hd/${f}`),
    );
  });

  it('lists rendition and variant playlists of a master playlist, CRLF or not', () => {
    const expected = ['episodes/42/audio/index.m3u8', 'episodes/42/hd/index.m3u8', 'episodes/42/sd/index.m3u8'];
    expect(playlistMediaPaths({ playlistText: MASTER, playlistPath: 'episodes/42/master.m3u8' })).toEqual(expected);
    expect(
      playlistMediaPaths({ playlistText: MASTER.replace(/\n/g, '\r\n'), playlistPath: 'episodes/42/master.m3u8' }),
    ).toEqual(expected);
  });

  it('allows ../ within an explicit scope and answers canonical paths', () => {
    const text = '#EXTM3U\n#EXT-X-KEY:METHOD=AES-128,URI="../keys/k.bin"\n#EXTINF:4,\n./seg_000.ts\n';
    expect(
      playlistMediaPaths({ playlistText: text, playlistPath: 'episodes/42/hd/index.m3u8', scopePath: 'episodes/42' }),
    ).toEqual(['episodes/42/keys/k.bin', 'episodes/42/hd/seg_000.ts']);
  });

  const refuse =
    (uri: string, opts: { playlistPath?: string; scopePath?: string; asAttr?: boolean } = {}) =>
    () =>
      playlistMediaPaths({
        playlistText: opts.asAttr
          ? `#EXTM3U\n#EXT-X-MAP:URI="${uri}"\n#EXTINF:4,\nseg_000.ts\n`
          : `#EXTM3U\n#EXTINF:4,\nseg_000.ts\n#EXTINF:4,\n${uri}\n`,
        playlistPath: opts.playlistPath ?? 'episodes/42/hd/index.m3u8',
        ...(opts.scopePath === undefined ? {} : { scopePath: opts.scopePath }),
      });

  it('refuses ../../other/seg.ts (default scope, episode scope, and as an attribute)', () => {
    expect(refuse('../../other/seg.ts')).toThrow(PlaylistScopeError);
    expect(refuse('../../other/seg.ts', { scopePath: 'episodes/42' })).toThrow(/leaves its scope/);
    expect(refuse('../../other/seg.ts', { asAttr: true })).toThrow(PlaylistScopeError);
    // From a shallow playlist it escapes the media root itself, even with the root as scope.
    expect(refuse('../../other/seg.ts', { playlistPath: 'ep/index.m3u8', scopePath: '' })).toThrow(
      /escapes the media root/,
    );
  });

  it.each([
    'https://evil.example.com/seg.ts',
    '//evil.example.com/seg.ts',
    'https://media.example.com/m/episodes/42/hd/seg.ts',
    'data:text/plain,hi',
    '/etc/passwd',
    '/media/episodes/42/hd/seg_000.ts',
    '%2e%2e/%2e%2e/other/seg.ts',
    '..%2f..%2fother/seg.ts',
    '%252e%252e/seg.ts',
    'a\\b.ts',
    'a//b.ts',
    'seg_000.ts?x=1',
  ])('refuses %j', (uri) => {
    expect(refuse(uri)).toThrow(PlaylistScopeError);
    expect(refuse(uri, { playlistPath: 'ep/index.m3u8', scopePath: '' })).toThrow(PlaylistScopeError);
  });

  it('refuses input that is not an HLS playlist', () => {
    expect(() => playlistMediaPaths({ playlistText: 'seg_000.ts\n', playlistPath: 'a/index.m3u8' })).toThrow(
      PlaylistScopeError,
    );
  });
});
