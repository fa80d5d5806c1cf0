import i18next from 'i18next';
import { describe, expect, it, vi } from 'vitest';
import en from '../locales/en.json';
import tr from '../locales/tr.json';
import zh from '../locales/zh.json';
import type * as Catalogues from './catalogues';
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

describe('fetching a catalogue', () => {
  it('reads the JSON file, and fails on an answer that is not one', async () => {
    const { fetchCatalogue } = await vi.importActual<typeof Catalogues>('./catalogues');
    const fetchMock = vi.fn((url: string) =>
      Promise.resolve(
        url.includes('/en-')
          ? new Response(JSON.stringify({ tabBar: { home: 'Home' } }), { headers: { 'content-type': 'application/json' } })
          : new Response('missing', { status: 404 }),
      ),
    );
    vi.stubGlobal('fetch', fetchMock);
    try {
      await expect(fetchCatalogue('/assets/en-1.json')).resolves.toEqual({ default: { tabBar: { home: 'Home' } } });
      await expect(fetchCatalogue('/assets/zh-1.json')).rejects.toThrow(/404/);
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
