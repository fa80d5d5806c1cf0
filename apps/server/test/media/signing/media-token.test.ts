import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { MediaTokenSigner, parseMediaTokenKeys, type MediaTokenKey } from '../../../src/media/signing/media-token.js';
import { splitTokenedUrl, tokenedMediaUrl } from '../../../src/media/signing/media-token-url.js';
import { normaliseMediaPath } from '../../../src/media/storage/media-paths.js';

const T0 = new Date('2030-01-01T00:00:00Z');
const T0_S = T0.getTime() / 1000;
const K1: MediaTokenKey = { kid: 'k1', secret: 'first-key-0123456789abcdefghijklmnopqrstuv', from: 0 };
const K2: MediaTokenKey = { kid: 'k2', secret: 'second-key-0123456789abcdefghijklmnopqrstu', from: T0_S + 3600 };

function fixedClock(initial: Date) {
  let now = initial;
  return {
    clock: () => now,
    advance: (seconds: number) => {
      now = new Date(now.getTime() + seconds * 1000);
    },
  };
}

const SCOPE = 'episodes/drama/3-abcd1234';
const PATH = `${SCOPE}/hd/seg_003.ts`;

describe('normaliseMediaPath', () => {
  it('accepts a plain relative path and is a fixed point', () => {
    expect(normaliseMediaPath(PATH)).toBe(PATH);
    expect(normaliseMediaPath(normaliseMediaPath(PATH) ?? '')).toBe(PATH);
    expect(normaliseMediaPath(`${SCOPE}/hd/seg%5F003.ts`)).toBe(PATH); // decoded once
  });

  it.each([
    ['parent segment', '../x'],
    ['traversal through a segment', 'a/../../x'],
    ['inner parent segment', 'a/../x'],
    ['dot segment', 'a/./x'],
    ['percent-encoded traversal', '%2e%2e/x'],
    ['upper-case percent-encoded traversal', '%2E%2E/x'],
    ['encoded slash traversal', 'a%2f..%2f..%2fx'],
    ['double-encoded traversal', '%252e%252e/x'],
    ['absolute path', '/etc/passwd'],
    ['backslash', 'a\\b'],
    ['encoded backslash', 'a%5cb'],
    ['empty segment', 'a//b'],
    ['trailing slash', 'a/b/'],
    ['NUL', 'a\0b'],
    ['encoded NUL', 'a%00b'],
    ['empty', ''],
    ['malformed encoding', 'a/%zz'],
    ['query', 'a/b.ts?x=1'],
    ['drive letter', 'C:/x'],
  ])('rejects %s (%j)', (_name, path) => {
    expect(normaliseMediaPath(path)).toBeNull();
  });
});

describe('parseMediaTokenKeys', () => {
  it('reads kid:secret[:from] entries', () => {
    expect(parseMediaTokenKeys(` k1:${K1.secret}, k2:${K2.secret}:${K2.from} `)).toEqual([K1, K2]);
  });

  it.each([
    ['', /no key/],
    ['K1:' + K1.secret, /key id/],
    ['k1:short', /32 base64/],
    [`k1:${K1.secret}:soon`, /from/],
    [`k1:${K1.secret}:1:2`, /from/],
    [`k1:${K1.secret},k1:${K2.secret}:5`, /twice/],
    [`k1:${K1.secret},k2:${K2.secret}`, /same time/],
  ])('refuses %j', (text, message) => {
    expect(() => parseMediaTokenKeys(text)).toThrow(message);
  });
});

describe('MediaTokenSigner', () => {
  const signer = (clock: () => Date, keys: MediaTokenKey[] = [K1]) => new MediaTokenSigner({ keys, clock });

  it('mints kid.exp.mac, the MAC over the domain, kid, episode directory and expiry', () => {
    const token = signer(() => T0).mint(SCOPE, T0_S + 600);
    const mac = createHmac('sha256', K1.secret)
      .update(`media-t1\nk1\n${SCOPE}\n${T0_S + 600}`)
      .digest('base64url');
    expect(token).toBe(`k1.${T0_S + 600}.${mac}`);
  });

  it('opens every file of its episode directory and nothing else', () => {
    const s = signer(() => T0);
    const token = s.mint(SCOPE, T0_S + 600);
    for (const file of ['master.m3u8', 'hd/index.m3u8', 'sd/seg_000.ts', 'subs/en-0123abcd.vtt', 'download.mp4']) {
      expect(s.check(token, `${SCOPE}/${file}`), file).toBe('ok');
    }
    // Wrong scope: another episode of the drama, another version of this one, another drama.
    expect(s.check(token, 'episodes/drama/4-abcd1234/master.m3u8')).toBe('invalid');
    expect(s.check(token, 'episodes/drama/3-ffff0000/master.m3u8')).toBe('invalid');
    expect(s.check(token, 'episodes/other/3-abcd1234/master.m3u8')).toBe('invalid');
    expect(s.check(token, 'posters/drama.jpg')).toBe('invalid');
  });

  it('is expired once the clock reaches exp, not before', () => {
    const { clock, advance } = fixedClock(T0);
    const s = signer(clock);
    const token = s.mint(SCOPE, T0_S + 60);
    advance(59);
    expect(s.check(token, PATH)).toBe('ok');
    advance(1);
    expect(s.check(token, PATH)).toBe('expired');
  });

  it('refuses a tampered token (every character of the MAC, the expiry, the kid)', () => {
    const s = signer(() => T0);
    const token = s.mint(SCOPE, T0_S + 600);
    const [kid, exp, mac = ''] = token.split('.');
    for (let i = 0; i < mac.length; i += 1) {
      const swapped = mac[i] === 'A' ? 'B' : 'A';
      expect(s.check(`${kid}.${exp}.${mac.slice(0, i)}${swapped}${mac.slice(i + 1)}`, PATH), `position ${i}`).toBe(
        'invalid',
      );
    }
    expect(s.check(`${kid}.${T0_S + 6000}.${mac}`, PATH)).toBe('invalid'); // a later expiry
    expect(s.check(`${kid}.0${exp}.${mac}`, PATH)).toBe('invalid'); // non-canonical expiry
    expect(s.check(`k9.${exp}.${mac}`, PATH)).toBe('invalid'); // unknown key id
    expect(s.check(`${token}.x`, PATH)).toBe('invalid');
    expect(s.check(`${kid}.${exp}`, PATH)).toBe('invalid');
    expect(s.check('', PATH)).toBe('missing');
    expect(s.check(undefined, PATH)).toBe('missing');
  });

  it('refuses a token made with a key it does not hold, even under a known kid', () => {
    const forged = new MediaTokenSigner({
      keys: [{ ...K1, secret: 'not-the-key-0123456789abcdefghijklmnopq' }],
      clock: () => T0,
    });
    expect(signer(() => T0).check(forged.mint(SCOPE, T0_S + 600), PATH)).toBe('invalid');
  });

  it('rotates: the newest started key signs, every listed key verifies during the overlap', () => {
    const { clock, advance } = fixedClock(T0);
    const s = signer(clock, [K1, K2]);
    const before = s.mint(SCOPE, T0_S + 7200);
    expect(before.startsWith('k1.')).toBe(true);
    advance(3600);
    const after = s.mint(SCOPE, T0_S + 7200);
    expect(after.startsWith('k2.')).toBe(true);
    expect(s.check(before, PATH)).toBe('ok');
    expect(s.check(after, PATH)).toBe('ok');
    // A process that only knows the old key refuses the new one; once k1 is retired its tokens go.
    expect(signer(clock, [K1]).check(after, PATH)).toBe('invalid');
    expect(signer(clock, [{ ...K2, from: 0 }]).check(before, PATH)).toBe('invalid');
  });

  it('refuses to mint for a non-directory scope, a past expiry or one beyond 7 days', () => {
    const s = signer(() => T0);
    expect(() => s.mint('episodes/drama', T0_S + 60)).toThrow(RangeError);
    expect(() => s.mint(PATH, T0_S + 60)).toThrow(RangeError);
    expect(() => s.mint(SCOPE, T0_S)).toThrow(RangeError);
    expect(() => s.mint(SCOPE, T0_S + 7 * 86400 + 1)).toThrow(RangeError);
    expect(() => new MediaTokenSigner({ keys: [] })).toThrow(RangeError);
    expect(() => signer(() => T0, [K2]).mint(SCOPE, T0_S + 60)).toThrow(/started/);
  });
});

describe('tokened media URLs', () => {
  const s = new MediaTokenSigner({ keys: [K1], clock: () => T0 });

  it.each(['/media', '/media/', 'https://cdn.example.com/m'])('puts the token before the path under %s', (base) => {
    const url = tokenedMediaUrl(s, base, `${SCOPE}/master.m3u8`, T0_S + 60);
    const token = s.mint(SCOPE, T0_S + 60);
    expect(url).toBe(`${base.replace(/\/$/, '')}/t/${token}/${SCOPE}/master.m3u8`);
    expect(splitTokenedUrl(url, base)).toEqual({
      prefix: `${base.replace(/\/$/, '')}/t/${token}/`,
      path: `${SCOPE}/master.m3u8`,
    });
  });

  it('refuses a path outside an episode directory, and reads no URL of another base', () => {
    expect(() => tokenedMediaUrl(s, '/media', 'posters/a.jpg', T0_S + 60)).toThrow(RangeError);
    expect(splitTokenedUrl('/other/t/x/episodes/a/1/master.m3u8', '/media')).toBeNull();
    expect(splitTokenedUrl('/media/episodes/a/1/master.m3u8', '/media')).toBeNull();
  });
});
