import { afterEach, describe, expect, it, vi } from 'vitest';
import { currentLanguage, i18n, languageChoice, saveLanguage } from './i18n';

afterEach(() => {
  saveLanguage('en');
  localStorage.clear();
  vi.restoreAllMocks();
});

describe('saveLanguage: persists system or a language, refuses anything else', () => {
  it.each([
    ['zh', '首页'],
    ['tr', 'Ana Sayfa'],
    ['en', 'Home'],
  ] as const)('persists %s, switches at once and sets <html lang>', (language, home) => {
    expect(saveLanguage(language)).toBe(true);
    expect(localStorage.getItem('language')).toBe(language);
    expect(currentLanguage()).toBe(language);
    expect(i18n.t('tabBar.home')).toBe(home);
    expect(document.documentElement.lang).toBe(language);
    expect(languageChoice.get()).toBe(language);
  });

  it('saves system and follows the browser language', () => {
    vi.spyOn(navigator, 'language', 'get').mockReturnValue('zh-TW');
    expect(saveLanguage('system')).toBe(true);
    expect(localStorage.getItem('language')).toBe('system');
    expect(currentLanguage()).toBe('zh');
  });

  it.each(['de', 'ZH', '', null, 3, undefined])('refuses %s and changes nothing', (value) => {
    saveLanguage('tr');
    expect(saveLanguage(value)).toBe(false);
    expect(localStorage.getItem('language')).toBe('tr');
    expect(currentLanguage()).toBe('tr');
    expect(languageChoice.get()).toBe('tr');
  });
});
