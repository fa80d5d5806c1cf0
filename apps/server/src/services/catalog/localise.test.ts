import { describe, expect, it } from 'vitest';
import { publicMediaUrl } from '../../media/storage/public-url.js';
import { localise } from './localise.js';

describe('localise', () => {
  const text = { en: 'Night Bride', zh: '夜嫁', tr: '' };
  it('returns the asked language', () => expect(localise(text, 'zh')).toBe('夜嫁'));
  it('falls back to English when missing or empty', () => {
    expect(localise(text, 'tr')).toBe('Night Bride');
    expect(localise({ en: 'A' }, 'zh')).toBe('A');
    expect(localise(text, undefined)).toBe('Night Bride');
  });
});

describe('publicMediaUrl', () => {
  it('joins base and path with one slash', () => {
    expect(publicMediaUrl('/media', 'posters/a.jpg')).toBe('/media/posters/a.jpg');
    expect(publicMediaUrl('https://cdn.example.com/m/', '/posters/a.jpg')).toBe(
      'https://cdn.example.com/m/posters/a.jpg',
    );
  });
  it('keeps empty paths and absolute URLs', () => {
    expect(publicMediaUrl('/media', '')).toBe('');
    expect(publicMediaUrl('/media', 'https://x.test/a.png')).toBe('https://x.test/a.png');
  });
});
