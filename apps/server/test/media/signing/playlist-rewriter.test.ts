import { describe, expect, it } from 'vitest';
import { MediaUrlSigner } from '../../../src/media/signing/media-url-signer.js';
import { PlaylistSigningError, signPlaylist } from '../../../src/media/signing/playlist-rewriter.js';

const SECRET = 'test-secret-0123456789-abcdefghijklmnop';
const T0 = new Date('2030-01-01T00:00:00Z');
const T0_S = T0.getTime() / 1000;
const BASE = 'https://media.example.com/m';
const signer = new MediaUrlSigner({ secret: SECRET, clock: () => T0 });

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

/** Every signed URL in a rewritten playlist, parsed back into path + params. */
function signedUrls(text: string): { path: string; exp: string | undefined; sig: string | undefined }[] {
  const raw = [
    ...text.split('\n').filter((l) => l.trim() !== '' && !l.startsWith('#')),
    ...[...text.matchAll(/URI="([^"]*)"/g)].map((m) => m[1] ?? ''),
  ].filter((u) => u.startsWith(`${BASE}/`));
  return raw.map((u) => {
    const url = new URL(u);
    expect(url.origin + url.pathname.slice(0, 2)).toBe(`${new URL(BASE).origin}/m`);
    return {
      path: decodeURIComponent(url.pathname.slice('/m/'.length)),
      exp: url.searchParams.get('exp') ?? undefined,
      sig: url.searchParams.get('sig') ?? undefined,
    };
  });
}

describe('signPlaylist', () => {
  it('rewrites a VOD variant playlist: segments, key and map signed; tags, comments and blanks intact', () => {
    const out = signPlaylist({
      playlistText: VARIANT,
      playlistPath: 'episodes/42/hd/index.m3u8',
      signer,
      expiresAt: T0_S + 600,
      mediaBaseUrl: `${BASE}/`,
    });
    const inLines = VARIANT.split('\n');
    const outLines = out.split('\n');
    expect(outLines).toHaveLength(inLines.length);
    inLines.forEach((line, i) => {
      if (line === '' || (line.startsWith('#') && !line.includes('URI="'))) expect(outLines[i]).toBe(line);
    });
    expect(outLines[7]).toBe(inLines[7]); // plain comment left alone even with URI="…"
    expect(outLines[5]).toMatch(/^#EXT-X-KEY:METHOD=AES-128,URI="https:\/\/media\.example\.com\/m\/episodes\/42\/hd\/key\.bin\?exp=\d+&sig=[\w-]{43}",IV=0x0+1$/);

    const urls = signedUrls(out);
    expect(urls.map((u) => u.path).sort()).toEqual(
      ['init.mp4', 'key.bin', 'seg_000.ts', 'seg_001.ts', 'seg_002.ts'].map((f) => `episodes/42/hd/${f}`).sort(),
    );
    for (const u of urls) {
      expect(signer.verify(u.path, u.exp, u.sig), u.path).toBe('ok');
      expect(Number(u.exp)).toBe(T0.getTime() / 1000 + 600);
    }
    // A segment's signature does not unlock its neighbour.
    const [first, second] = urls.filter((u) => u.path.endsWith('.ts'));
    expect(first && second).toBeTruthy();
    expect(signer.verify(second?.path ?? '', first?.exp, first?.sig)).toBe('invalid');
  });

  it('signs variant playlist and rendition URIs of a master playlist', () => {
    const out = signPlaylist({
      playlistText: MASTER,
      playlistPath: 'episodes/42/master.m3u8',
      signer,
      expiresAt: T0_S + 600,
      mediaBaseUrl: BASE,
    });
    const urls = signedUrls(out);
    expect(urls.map((u) => u.path).sort()).toEqual([
      'episodes/42/audio/index.m3u8',
      'episodes/42/hd/index.m3u8',
      'episodes/42/sd/index.m3u8',
    ]);
    for (const u of urls) expect(signer.verify(u.path, u.exp, u.sig), u.path).toBe('ok');
    expect(out.split('\n')[3]).toBe(MASTER.split('\n')[3]); // STREAM-INF with CODECS="…" untouched
  });

  it('preserves CRLF line endings', () => {
    const out = signPlaylist({
      playlistText: VARIANT.replace(/\n/g, '\r\n'),
      playlistPath: 'episodes/42/hd/index.m3u8',
      signer,
      expiresAt: T0_S + 60,
      mediaBaseUrl: BASE,
    });
    expect(out.split('\r\n')).toHaveLength(VARIANT.split('\n').length);
  });

  it('allows ../ within an explicit scope and keeps the result canonical', () => {
    const text = '#EXTM3U\n#EXT-X-KEY:METHOD=AES-128,URI="../keys/k.bin"\n#EXTINF:4,\n./seg_000.ts\n';
    const out = signPlaylist({
      playlistText: text,
      playlistPath: 'episodes/42/hd/index.m3u8',
      signer,
      expiresAt: T0_S + 60,
      mediaBaseUrl: BASE,
      scopePath: 'episodes/42',
    });
    expect(signedUrls(out).map((u) => u.path).sort()).toEqual(['episodes/42/hd/seg_000.ts', 'episodes/42/keys/k.bin']);
  });

  const refuse = (uri: string, opts: { playlistPath?: string; scopePath?: string; asAttr?: boolean } = {}) => () =>
    signPlaylist({
      playlistText: opts.asAttr
        ? `#EXTM3U\n#EXT-X-MAP:URI="${uri}"\n#EXTINF:4,\nseg_000.ts\n`
        : `#EXTM3U\n#EXTINF:4,\nseg_000.ts\n#EXTINF:4,\n${uri}\n`,
      playlistPath: opts.playlistPath ?? 'episodes/42/hd/index.m3u8',
      signer,
      expiresAt: T0_S + 60,
      mediaBaseUrl: BASE,
      ...(opts.scopePath === undefined ? {} : { scopePath: opts.scopePath }),
    });

  it('refuses ../../other/seg.ts (default scope, episode scope, and as an attribute)', () => {
    expect(refuse('../../other/seg.ts')).toThrow(PlaylistSigningError);
    expect(refuse('../../other/seg.ts', { scopePath: 'episodes/42' })).toThrow(/leaves its scope/);
    expect(refuse('../../other/seg.ts', { asAttr: true })).toThrow(PlaylistSigningError);
    // From a shallow playlist it escapes the media root itself, even with the root as scope.
    expect(refuse('../../other/seg.ts', { playlistPath: 'ep/index.m3u8', scopePath: '' })).toThrow(/escapes the media root/);
  });

  it.each([
    'https://evil.example.com/seg.ts',
    '//evil.example.com/seg.ts',
    'https://media.example.com.evil.net/m/episodes/42/hd/seg.ts',
    'data:text/plain,hi',
    '/etc/passwd',
    '%2e%2e/%2e%2e/other/seg.ts',
    '..%2f..%2fother/seg.ts',
    '%252e%252e/seg.ts',
    'a\\b.ts',
    'a//b.ts',
    'seg_000.ts?x=1',
  ])('refuses %j', (uri) => {
    expect(refuse(uri)).toThrow(PlaylistSigningError);
    expect(refuse(uri, { playlistPath: 'ep/index.m3u8', scopePath: '' })).toThrow(PlaylistSigningError);
  });

  it('accepts absolute URLs already on the media base', () => {
    const out = signPlaylist({
      playlistText: `#EXTM3U\n#EXTINF:4,\n${BASE}/episodes/42/hd/seg_000.ts\n`,
      playlistPath: 'episodes/42/hd/index.m3u8',
      signer,
      expiresAt: T0_S + 60,
      mediaBaseUrl: BASE,
    });
    expect(signedUrls(out).map((u) => u.path)).toEqual(['episodes/42/hd/seg_000.ts']);
  });

  it('refuses input that is not an HLS playlist', () => {
    expect(() =>
      signPlaylist({ playlistText: 'seg_000.ts\n', playlistPath: 'a/index.m3u8', signer, expiresAt: T0_S + 60, mediaBaseUrl: BASE }),
    ).toThrow(PlaylistSigningError);
  });
});
