import { describe, expect, it } from 'vitest';
import {
  MediaPathError,
  MediaUrlSigner,
  normaliseMediaPath,
} from '../../../src/media/signing/media-url-signer.js';

const SECRET = 'test-secret-0123456789-abcdefghijklmnop';
const T0 = new Date('2030-01-01T00:00:00Z');
const T0_S = T0.getTime() / 1000;

function fixedClock(initial: Date) {
  let now = initial;
  return {
    clock: () => now,
    advance: (seconds: number) => {
      now = new Date(now.getTime() + seconds * 1000);
    },
  };
}

const PATH = 'episodes/42/hd/seg_003.ts';

/** The `exp` and `sig` of a signed query. */
function signUntil(signer: MediaUrlSigner, path: string, exp: number): { exp: number; sig: string } {
  const query = new URLSearchParams(signer.signedQueryUntil(path, exp));
  return { exp: Number(query.get('exp')), sig: query.get('sig') ?? '' };
}

describe('normaliseMediaPath', () => {
  it('accepts a plain relative path and is a fixed point', () => {
    expect(normaliseMediaPath(PATH)).toBe(PATH);
    expect(normaliseMediaPath(normaliseMediaPath(PATH) ?? '')).toBe(PATH);
    expect(normaliseMediaPath('episodes/42/hd/seg%5F003.ts')).toBe(PATH); // decoded once
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

describe('MediaUrlSigner', () => {
  it('round-trips sign/verify', () => {
    const signer = new MediaUrlSigner({ secret: SECRET, clock: () => T0 });
    const { exp, sig } = signUntil(signer, PATH, T0_S + 300);
    expect(exp).toBe(T0_S + 300);
    expect(sig).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(signer.verify(PATH, String(exp), sig)).toBe('ok');
  });

  it('signedQueryUntil parses back into verifiable params', () => {
    const signer = new MediaUrlSigner({ secret: SECRET });
    const query = new URLSearchParams(signer.signedQueryUntil(PATH, signer.nowSeconds() + 60));
    expect([...query.keys()]).toEqual(['exp', 'sig']);
    expect(signer.verify(PATH, query.get('exp') ?? undefined, query.get('sig') ?? undefined)).toBe('ok');
  });

  it('reports expired once the clock reaches exp, not before', () => {
    const t = fixedClock(T0);
    const signer = new MediaUrlSigner({ secret: SECRET, clock: t.clock });
    const { exp, sig } = signUntil(signer, PATH, T0_S + 60);
    t.advance(59);
    expect(signer.verify(PATH, String(exp), sig)).toBe('ok');
    t.advance(1);
    expect(signer.verify(PATH, String(exp), sig)).toBe('expired');
    t.advance(3600);
    expect(signer.verify(PATH, String(exp), sig)).toBe('expired');
  });

  it('rejects a tampered signature (every character position)', () => {
    const signer = new MediaUrlSigner({ secret: SECRET, clock: () => T0 });
    const { exp, sig } = signUntil(signer, PATH, T0_S + 300);
    for (let i = 0; i < sig.length; i++) {
      const swapped = sig[i] === 'A' ? 'B' : 'A';
      const tampered = sig.slice(0, i) + swapped + sig.slice(i + 1);
      expect(signer.verify(PATH, String(exp), tampered), `position ${i}`).toBe('invalid');
    }
    expect(signer.verify(PATH, String(exp), sig.slice(0, -1))).toBe('invalid');
    expect(signer.verify(PATH, String(exp), `${sig}A`)).toBe('invalid');
    expect(signer.verify(PATH, String(exp), `${sig}=`)).toBe('invalid');
  });

  it('a signature for path A never verifies for path B', () => {
    const signer = new MediaUrlSigner({ secret: SECRET, clock: () => T0 });
    const { exp, sig } = signUntil(signer, PATH, T0_S + 300);
    for (const other of [
      'episodes/42/hd/seg_004.ts',
      'episodes/42/sd/seg_003.ts',
      'episodes/43/hd/seg_003.ts',
      'episodes/42/hd/seg_003.tsx',
      'episodes/42/hd',
      `${PATH}/x`,
    ]) {
      expect(signer.verify(other, String(exp), sig), other).toBe('invalid');
    }
    // …while the same canonical path in encoded form is the same resource.
    expect(signer.verify('episodes/42/hd/seg%5F003.ts', String(exp), sig)).toBe('ok');
  });

  it('rejects a tampered or non-canonical exp', () => {
    const signer = new MediaUrlSigner({ secret: SECRET, clock: () => T0 });
    const { exp, sig } = signUntil(signer, PATH, T0_S + 300);
    for (const bad of [String(exp + 1), String(exp + 86_400), String(exp - 1), `0${exp}`, `${exp}.0`, `+${exp}`, '-1', 'abc', `${exp} `]) {
      expect(signer.verify(PATH, bad, sig), bad).toBe('invalid');
    }
  });

  it('reports missing params', () => {
    const signer = new MediaUrlSigner({ secret: SECRET, clock: () => T0 });
    const { exp, sig } = signUntil(signer, PATH, T0_S + 300);
    expect(signer.verify(PATH, undefined, sig)).toBe('missing');
    expect(signer.verify(PATH, String(exp), undefined)).toBe('missing');
    expect(signer.verify(PATH, undefined, undefined)).toBe('missing');
    expect(signer.verify(PATH, '', sig)).toBe('missing');
    expect(signer.verify(PATH, String(exp), '')).toBe('missing');
  });

  it('signatures do not verify under a different secret', () => {
    const a = new MediaUrlSigner({ secret: SECRET, clock: () => T0 });
    const b = new MediaUrlSigner({ secret: `${SECRET}-other`, clock: () => T0 });
    const c = new MediaUrlSigner({ secret: Buffer.from(SECRET, 'utf8'), clock: () => T0 });
    const { exp, sig } = signUntil(a, PATH, T0_S + 300);
    expect(b.verify(PATH, String(exp), sig)).toBe('invalid');
    expect(c.verify(PATH, String(exp), sig)).toBe('ok'); // same key bytes as string or Buffer
  });

  it.each(['../x', 'a/../../x', '%2e%2e/x', '/etc/passwd', 'a\\b', 'a//b'])('refuses to sign or verify %j', (path) => {
    const signer = new MediaUrlSigner({ secret: SECRET, clock: () => T0 });
    expect(() => signUntil(signer, path, T0_S + 300)).toThrow(MediaPathError);
    const { exp, sig } = signUntil(signer, 'x', T0_S + 300);
    expect(signer.verify(path, String(exp), sig)).toBe('invalid');
  });

  it('refuses short secrets and bad TTLs', () => {
    expect(() => new MediaUrlSigner({ secret: 'short' })).toThrow(RangeError);
    const signer = new MediaUrlSigner({ secret: SECRET, clock: () => T0 });
    for (const ttl of [0, -1, 1.5, Number.NaN, 8 * 24 * 3600]) {
      expect(() => signUntil(signer, PATH, T0_S + ttl), String(ttl)).toThrow(RangeError);
    }
  });
});
