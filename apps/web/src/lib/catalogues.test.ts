import i18next from 'i18next';
import { describe, expect, it, vi } from 'vitest';
import en from '../locales/en.json';
import tr from '../locales/tr.json';
import zh from '../locales/zh.json';
import { catalogueBackend, type CatalogueLoaders } from './catalogues';

function spiedLoaders() {
  return {
    en: vi.fn(() => Promise.resolve({ default: en })),
    zh: vi.fn(() => Promise.resolve({ default: zh })),
    tr: vi.fn(() => Promise.resolve({ default: tr })),
  } satisfies CatalogueLoaders;
}

async function start(language: string, loaders: CatalogueLoaders) {
  const i18n = i18next.createInstance();
  await i18n.use(catalogueBackend(loaders)).init({
    lng: language,
    fallbackLng: false,
    supportedLngs: ['zh', 'en', 'tr'],
    ns: ['translation'],
    interpolation: { escapeValue: false },
  });
  return i18n;
}

describe('catalogue loading', () => {
  it('fetches only the catalogue of the language in use', async () => {
    const loaders = spiedLoaders();
    const i18n = await start('zh', loaders);
    expect(loaders.zh).toHaveBeenCalledTimes(1);
    expect(loaders.en).not.toHaveBeenCalled();
    expect(loaders.tr).not.toHaveBeenCalled();
    expect(i18n.t('tabBar.home')).toBe('首页');
  });

  it('fetches another catalogue on a switch, and shows the old texts until it is in', async () => {
    const loaders = spiedLoaders();
    const i18n = await start('en', loaders);
    const switching = i18n.changeLanguage('tr');
    expect(i18n.t('tabBar.home')).toBe('Home');
    await switching;
    expect(i18n.t('tabBar.home')).toBe('Ana Sayfa');
    expect(loaders.tr).toHaveBeenCalledTimes(1);
    expect(loaders.zh).not.toHaveBeenCalled();
    await i18n.changeLanguage('en');
    expect(loaders.en).toHaveBeenCalledTimes(1);
  });
});
