import { describe, expect, it } from 'vitest';
import { firstSupportedLanguage, requestLanguage } from './request-language.js';

describe('requestLanguage', () => {
  it('prefers the lang query', () => expect(requestLanguage('tr', 'zh-CN,zh;q=0.9')).toBe('tr'));
  it('else takes the first supported language of Accept-Language', () => {
    expect(requestLanguage(undefined, 'zh-CN,zh;q=0.9,en;q=0.8')).toBe('zh');
    expect(requestLanguage(undefined, 'de-DE,de;q=0.9,tr;q=0.8,en;q=0.7')).toBe('tr');
    expect(requestLanguage(undefined, 'TR')).toBe('tr');
  });
  it('orders by q-value and ignores q=0', () => {
    expect(firstSupportedLanguage('en;q=0.5, zh;q=0.9')).toBe('zh');
    expect(firstSupportedLanguage('zh;q=0, tr')).toBe('tr');
  });
  it('falls back to English', () => {
    expect(requestLanguage(undefined, undefined)).toBe('en');
    expect(requestLanguage(undefined, '')).toBe('en');
    expect(requestLanguage(undefined, 'de, fr;q=0.8, *;q=0.5')).toBe('en');
    expect(requestLanguage(undefined, ';;,,q=')).toBe('en');
  });
});
