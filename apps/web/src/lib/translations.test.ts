import { describe, expect, it, vi } from 'vitest';
import en from '../locales/en.json';
import tr from '../locales/tr.json';
import zh from '../locales/zh.json';
import type { Catalogue, CatalogueLoaders } from './catalogues';
import { createTranslations, translate, type TranslationValues } from './translations';

function spiedLoaders() {
  return {
    en: vi.fn(() => Promise.resolve({ default: en })),
    zh: vi.fn(() => Promise.resolve({ default: zh })),
    tr: vi.fn(() => Promise.resolve({ default: tr })),
  } satisfies CatalogueLoaders;
}

/** A loader the test settles by hand. */
function deferred() {
  let settle!: { resolve: (c: { default: Catalogue }) => void; reject: (e: Error) => void };
  const promise = new Promise<{ default: Catalogue }>((resolve, reject) => (settle = { resolve, reject }));
  return { load: vi.fn(() => promise), ...settle };
}

const sample = {
  greeting: 'Hello, {{name}}!',
  twice: '{{n}} of {{ total }}, {{n}}',
  episodes_one: '{{count}} episode',
  episodes_other: '{{count}} episodes',
  only_other: '{{count}} items',
  nested: { deep: { text: 'deep' } },
} as unknown as Catalogue;

describe('translate', () => {
  it('finds a text by its dotted key', () => {
    expect(translate(en, 'en', 'tabBar.home')).toBe('Home');
    expect(translate(sample, 'en', 'nested.deep.text')).toBe('deep');
  });

  it('fills every placeholder, with or without spaces inside the braces', () => {
    expect(translate(sample, 'en', 'greeting', { name: 'Ada' })).toBe('Hello, Ada!');
    expect(translate(sample, 'en', 'twice', { n: 2, total: 5 })).toBe('2 of 5, 2');
  });

  it('keeps a placeholder that has no value, and a value that is empty is written empty', () => {
    expect(translate(sample, 'en', 'greeting', {})).toBe('Hello, {{name}}!');
    expect(translate(sample, 'en', 'greeting', { name: '' })).toBe('Hello, !');
    // Not a value of the object's prototype either.
    expect(translate(sample, 'en', 'greeting', Object.create({ name: 'inherited' }) as TranslationValues)).toBe(
      'Hello, {{name}}!',
    );
  });

  it("chooses the plural form of the count in the language's own rules", () => {
    expect(translate(sample, 'en', 'episodes', { count: 1 })).toBe('1 episode');
    expect(translate(sample, 'en', 'episodes', { count: 0 })).toBe('0 episodes');
    expect(translate(sample, 'en', 'episodes', { count: 7 })).toBe('7 episodes');
    // Chinese has one form, `other`, for every count.
    expect(translate(sample, 'zh', 'episodes', { count: 1 })).toBe('1 episodes');
    expect(translate(sample, 'en', 'only', { count: 1 })).toBe('1 items');
  });

  it('answers an unknown key, a key of a group and a missing catalogue with the key', () => {
    expect(translate(en, 'en', 'tabBar.nothing')).toBe('tabBar.nothing');
    expect(translate(sample, 'en', 'nested.deep')).toBe('nested.deep');
    expect(translate(sample, 'en', 'greeting.more')).toBe('greeting.more');
    expect(translate(undefined, 'en', 'tabBar.home')).toBe('tabBar.home');
  });

  it('reads the plural keys of the real catalogues', () => {
    expect(translate(en, 'en', 'common.episodeCount', { count: 1 })).toBe('1 episode');
    expect(translate(en, 'en', 'common.episodeCount', { count: 2 })).toBe('2 episodes');
    expect(translate(zh, 'zh', 'common.episodeCount', { count: 1 })).toBe('共 1 集');
    expect(translate(tr, 'tr', 'common.episodeCount', { count: 1 })).toBe('1 bölüm');
  });
});

describe('createTranslations', () => {
  it('fetches only the catalogue of the language in use', async () => {
    const loaders = spiedLoaders();
    const { translations, ready } = createTranslations('zh', loaders);
    expect(translations.language).toBe('zh');
    await expect(ready).resolves.toBe(true);
    expect(loaders.zh).toHaveBeenCalledTimes(1);
    expect(loaders.en).not.toHaveBeenCalled();
    expect(loaders.tr).not.toHaveBeenCalled();
    expect(translations.t('tabBar.home')).toBe('首页');
  });

  it('fetches another catalogue on a switch, and shows the old texts until it is in', async () => {
    const loaders = spiedLoaders();
    const { translations, ready } = createTranslations('en', loaders);
    await ready;
    const switching = translations.changeLanguage('tr');
    expect(translations.t('tabBar.home')).toBe('Home');
    expect(translations.language).toBe('en');
    await expect(switching).resolves.toBe(true);
    expect(translations.t('tabBar.home')).toBe('Ana Sayfa');
    expect(loaders.tr).toHaveBeenCalledTimes(1);
    expect(loaders.zh).not.toHaveBeenCalled();
    // Back to a catalogue in memory: at once, without a fetch.
    void translations.changeLanguage('en');
    expect(translations.t('tabBar.home')).toBe('Home');
    expect(loaders.en).toHaveBeenCalledTimes(1);
  });

  it('tells listeners and watchers of every change, the first catalogue included', async () => {
    const { translations, ready } = createTranslations('en', spiedLoaders());
    const changed = vi.fn();
    const watcher = vi.fn();
    const stop = translations.onLanguageChanged(changed);
    translations.subscribe(watcher);
    const before = translations.version;
    await ready;
    expect(changed).toHaveBeenLastCalledWith('en');
    await translations.changeLanguage('zh');
    expect(changed).toHaveBeenLastCalledWith('zh');
    expect(watcher).toHaveBeenCalledTimes(2);
    expect(translations.version).toBe(before + 2);
    stop();
    await translations.changeLanguage('tr');
    expect(changed).toHaveBeenCalledTimes(2);
  });

  it('lets the last of overlapping switches win, whichever catalogue arrives first', async () => {
    const zhLoad = deferred();
    const trLoad = deferred();
    const loaders = { ...spiedLoaders(), zh: zhLoad.load, tr: trLoad.load } satisfies CatalogueLoaders;
    const { translations, ready } = createTranslations('en', loaders);
    await ready;
    const toZh = translations.changeLanguage('zh');
    const toTr = translations.changeLanguage('tr');
    trLoad.resolve({ default: tr });
    await expect(toTr).resolves.toBe(true);
    zhLoad.resolve({ default: zh });
    await expect(toZh).resolves.toBe(false);
    expect(translations.language).toBe('tr');
    expect(translations.t('tabBar.home')).toBe('Ana Sayfa');
  });

  it('keeps the old language when a catalogue fails to load, and fetches it again on the next switch', async () => {
    const failing = deferred();
    const loaders = spiedLoaders();
    const { translations, ready } = createTranslations('en', { ...loaders, zh: failing.load });
    await ready;
    const switching = translations.changeLanguage('zh');
    failing.reject(new Error('offline'));
    await expect(switching).resolves.toBe(false);
    expect(translations.language).toBe('en');
    expect(translations.t('tabBar.home')).toBe('Home');
    translations.addCatalogue('zh', zh);
    await expect(translations.changeLanguage('zh')).resolves.toBe(true);
    expect(translations.t('tabBar.home')).toBe('首页');
  });

  it('gives keys, not nothing, when the first catalogue cannot be had', async () => {
    const failing = deferred();
    const { translations, ready } = createTranslations('tr', { ...spiedLoaders(), tr: failing.load });
    failing.reject(new Error('offline'));
    await expect(ready).resolves.toBe(false);
    expect(translations.language).toBe('tr');
    expect(translations.t('tabBar.home')).toBe('tabBar.home');
  });
});
