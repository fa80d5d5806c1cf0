import { describe, expect, it } from 'vitest';
import { MediaUrlSigner } from '../../../src/media/signing/media-url-signer.js';
import { PlaylistSigningError, signPlaylist } from '../../../src/media/signing/playlist-rewriter.js';

const SECRET = 'test-secret-0123456789-abcdefghijklmnop';
const T0 = new Date('2030-01-01T00:00:00Z');
const NOW_S = T0.getTime() / 1000;
const signer = new MediaUrlSigner({ secret: SECRET, clock: () => T0 });

const MASTER =
  '#EXTM3U\n#EXT-X-STREAM-INF:BANDWIDTH=2500000\nhd/index.m3u8\n#EXT-X-STREAM-INF:BANDWIDTH=1400000\nsd/index.m3u8\n';
const VARIANT =
  '#EXTM3U\n#EXT-X-TARGETDURATION:4\n#EXTINF:4.0,\nseg_000.ts\n#EXTINF:2.0,\nseg_001.ts\n#EXT-X-ENDLIST\n';
const uris = (text: string) => text.split('\n').filter((l) => l !== '' && !l.startsWith('#'));

describe('signPlaylist with an absolute path base (MEDIA_BASE_URL=/media)', () => {
  it('writes root-relative signed URLs that verify', () => {
    const out = signPlaylist({
      playlistText: VARIANT,
      playlistPath: 'episodes/s/1/hd/index.m3u8',
      signer,
      expiresAt: NOW_S + 60,
      mediaBaseUrl: '/media/',
    });
    const lines = uris(out);
    expect(lines.map((u) => u.slice(0, u.indexOf('?')))).toEqual([
      '/media/episodes/s/1/hd/seg_000.ts',
      '/media/episodes/s/1/hd/seg_001.ts',
    ]);
    for (const line of lines) {
      const url = new URL(line, 'http://player.test');
      const path = url.pathname.slice('/media/'.length);
      expect(signer.verify(path, url.searchParams.get('exp') ?? '', url.searchParams.get('sig') ?? '')).toBe('ok');
    }
  });

  it('accepts URIs already under the path base and still confines them to the scope', () => {
    const ok = signPlaylist({
      playlistText: '#EXTM3U\n#EXTINF:4,\n/media/episodes/s/1/hd/seg_000.ts\n',
      playlistPath: 'episodes/s/1/hd/index.m3u8',
      signer,
      expiresAt: NOW_S + 60,
      mediaBaseUrl: '/media',
      scopePath: 'episodes/s/1',
    });
    expect(uris(ok)[0]).toMatch(/^\/media\/episodes\/s\/1\/hd\/seg_000\.ts\?exp=/);
    for (const escaping of [
      '/media/episodes/s/2/hd/seg_000.ts',
      '/media/../secret.key',
      '/other/seg.ts',
      '../../2/hd/x.ts',
    ]) {
      expect(() =>
        signPlaylist({
          playlistText: `#EXTM3U\n#EXTINF:4,\n${escaping}\n`,
          playlistPath: 'episodes/s/1/hd/index.m3u8',
          signer,
          expiresAt: NOW_S + 60,
          mediaBaseUrl: '/media',
          scopePath: 'episodes/s/1',
        }),
      ).toThrow(PlaylistSigningError);
    }
  });

  it('refuses bases that are neither an http(s) URL nor an absolute path', () => {
    for (const mediaBaseUrl of ['media', '//cdn.example.com/m', '/', '', '/media?x=1', 'ftp://x/m']) {
      expect(
        () =>
          signPlaylist({
            playlistText: VARIANT,
            playlistPath: 'a/index.m3u8',
            signer,
            expiresAt: NOW_S + 60,
            mediaBaseUrl,
          }),
        mediaBaseUrl,
      ).toThrow(TypeError);
    }
  });
});

describe('signing until a fixed expiry', () => {
  it('gives every URI of a playlist the given expiry', () => {
    const out = signPlaylist({
      playlistText: MASTER,
      playlistPath: 'episodes/s/1/master.m3u8',
      signer,
      expiresAt: NOW_S + 123,
      mediaBaseUrl: '/media',
    });
    const exps = uris(out).map((u) => new URL(u, 'http://x').searchParams.get('exp'));
    expect(exps).toEqual([String(NOW_S + 123), String(NOW_S + 123)]);
  });

  it('signedQueryUntil signs for that very expiry and refuses past or too distant expiries', () => {
    const signed = new URLSearchParams(signer.signedQueryUntil('episodes/s/1/master.m3u8', NOW_S + 60));
    expect(signed.get('exp')).toBe(String(NOW_S + 60));
    expect(signer.verify('episodes/s/1/master.m3u8', signed.get('exp') ?? '', signed.get('sig') ?? '')).toBe('ok');
    expect(() => signer.signedQueryUntil('episodes/s/1/master.m3u8', NOW_S)).toThrow(RangeError);
    expect(() => signer.signedQueryUntil('episodes/s/1/master.m3u8', NOW_S + 8 * 86_400)).toThrow(RangeError);
    expect(() => signer.signedQueryUntil('episodes/../x', NOW_S + 60)).toThrow();
    expect(signer.signedQueryUntil('a/b.ts', NOW_S + 5)).toMatch(
      new RegExp(`^exp=${NOW_S + 5}&sig=[A-Za-z0-9_-]{43}$`),
    );
  });
});
