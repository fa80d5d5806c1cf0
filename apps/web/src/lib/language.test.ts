import { describe, expect, it } from 'vitest';
import { mapSystemLanguage, readLanguageChoice, resolveLanguage } from './language';

describe('system language mapping: by primary subtag, anything else en', () => {
  it.each([
    ['zh', 'zh'],
    ['zh-CN', 'zh'],
    ['zh-TW', 'zh'],
    ['zh-HK', 'zh'],
    ['en', 'en'],
    ['en-US', 'en'],
    ['en-GB', 'en'],
    ['tr', 'tr'],
    ['tr-TR', 'tr'],
  ])('maps %s to %s', (tag, expected) => {
    expect(mapSystemLanguage(tag)).toBe(expected);
  });

  it('matches the listed tags case-insensitively', () => {
    expect(mapSystemLanguage('ZH-cn')).toBe('zh');
    expect(mapSystemLanguage('TR-tr')).toBe('tr');
    expect(mapSystemLanguage('zh_TW')).toBe('zh');
  });

  it('falls back on the primary subtag of a supported language', () => {
    expect(mapSystemLanguage('zh-Hans-CN')).toBe('zh');
    expect(mapSystemLanguage('en-AU')).toBe('en');
    expect(mapSystemLanguage('tr-CY')).toBe('tr');
  });

  it.each(['de', 'de-DE', 'fr-FR', 'ja', 'pt-BR', 'zhx', '', undefined, null])(
    'maps anything else (%s) to en',
    (tag) => {
      expect(mapSystemLanguage(tag)).toBe('en');
    },
  );

  it('resolves system through the browser tag and keeps an explicit language', () => {
    expect(resolveLanguage('system', 'tr-TR')).toBe('tr');
    expect(resolveLanguage('system', 'de-DE')).toBe('en');
    expect(resolveLanguage('zh', 'tr-TR')).toBe('zh');
  });
});

describe('stored language choice', () => {
  const storage = (value: string | null) => ({ getItem: () => value });

  it('defaults to en when nothing is stored', () => {
    expect(readLanguageChoice(storage(null))).toBe('en');
  });

  it.each(['system', 'zh', 'en', 'tr'])('reads %s', (value) => {
    expect(readLanguageChoice(storage(value))).toBe(value);
  });

  it('treats an unknown stored value as the default', () => {
    expect(readLanguageChoice(storage('de'))).toBe('en');
  });
});
