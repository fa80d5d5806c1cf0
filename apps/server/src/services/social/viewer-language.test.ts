import { describe, expect, it } from 'vitest';
import { viewerLanguage } from './viewer-language.js';

describe('viewerLanguage', () => {
  it('prefers the lang query', () => expect(viewerLanguage('tr', 'zh-CN')).toBe('tr'));
  it('takes the first supported language of Accept-Language', () => {
    expect(viewerLanguage(undefined, 'fr-FR, zh-CN;q=0.8, en;q=0.5')).toBe('zh');
    expect(viewerLanguage(undefined, 'tr-TR')).toBe('tr');
  });
  it('ranks by q-value and ignores q=0', () => {
    expect(viewerLanguage(undefined, 'en;q=0.4, tr;q=0.9')).toBe('tr');
    expect(viewerLanguage(undefined, 'zh;q=0, tr;q=0.1')).toBe('tr');
  });
  it('falls back to English', () => {
    expect(viewerLanguage(undefined, undefined)).toBe('en');
    expect(viewerLanguage(undefined, 'fr, de;q=0.5')).toBe('en');
    expect(viewerLanguage(undefined, 'garbage;;;q=x')).toBe('en');
  });
});
