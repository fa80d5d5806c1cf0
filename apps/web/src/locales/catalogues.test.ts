import { ALL_CODES } from '@cliffhanger/contract/browser';
import { describe, expect, it } from 'vitest';
import en from './en.json';
import tr from './tr.json';
import zh from './zh.json';

type Tree = { [key: string]: string | Tree };
const catalogues = { en, zh, tr } as Record<string, Tree>;

function flatten(tree: Tree, prefix = ''): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out[path] = value;
    else Object.assign(out, flatten(value, path));
  }
  return out;
}

const flat = Object.fromEntries(
  Object.entries(catalogues).map(([language, tree]) => [language, flatten(tree)]),
) as Record<'en' | 'zh' | 'tr', Record<string, string>>;
const variables = (text: string) => [...text.matchAll(/{{\s*([\w.]+)\s*}}/g)].map((match) => match[1]).sort();

describe('translation catalogues', () => {
  it('have exactly the same keys', () => {
    const keys = Object.keys(flat.en).sort();
    expect(keys.length).toBeGreaterThan(100);
    expect(Object.keys(flat.zh).sort()).toEqual(keys);
    expect(Object.keys(flat.tr).sort()).toEqual(keys);
  });

  it('have no empty values', () => {
    for (const [language, entries] of Object.entries(flat)) {
      for (const [key, value] of Object.entries(entries)) expect(value.trim(), `${language}:${key}`).not.toBe('');
    }
  });

  it('use the same interpolation variables for each key', () => {
    for (const [key, value] of Object.entries(flat.en)) {
      expect(variables(flat.zh[key] ?? ''), `zh:${key}`).toEqual(variables(value));
      expect(variables(flat.tr[key] ?? ''), `tr:${key}`).toEqual(variables(value));
    }
  });

  it('are real translations, not English copies', () => {
    const english = Object.entries(flat.en).filter(([, value]) => /[a-z]{4,}/i.test(value.replace(/{{[^}]*}}/g, '')));
    const copiedZh = english.filter(([key, value]) => flat.zh[key] === value).map(([key]) => key);
    const copiedTr = english.filter(([key, value]) => flat.tr[key] === value).map(([key]) => key);
    // Brand names stay as they are (e.g. 'Video' is the same word in Turkish).
    expect(copiedZh).toEqual([]);
    expect(copiedTr).toEqual(['titles.video']);
  });

  it('translate every response code of the contract in all three languages', () => {
    for (const code of ALL_CODES) {
      for (const language of ['en', 'zh', 'tr'] as const) {
        expect(flat[language][`errors.${code}`], `${language}: errors.${code}`).toBeTruthy();
      }
    }
  });

  it("carry the product's fixed texts word for word in English", () => {
    const texts = Object.values(flat.en);
    for (const text of [
      'Not logged in',
      'No records.',
      'Network Error',
      'Navigation failed, please try again',
      'System Error',
      'Please login first',
      'Please Enter Phone Number',
      'Please Enter Code',
      'Please Enter Password',
      'Login Failed',
      'Failed to Send Code',
      'Unlock Failed',
      'Invalid video',
      'Playback failed',
      'Failed to load video',
      'Failed to load subtitles',
      'Payment Failed',
      'Purchase Failed',
      'Share failed',
      'Failed to claim',
      'Failed to receive reward',
      'Failed to save',
      'Failed to upload image',
      'Failed to update profile',
      'Profile updated successfully',
      'Account login is not yet implemented',
      '{{app}} is not installed',
      'Invalid image file',
      'Image size too large',
      'Are you sure to save your information?',
      'Checking payment environment...',
      'Payment initialization failed',
      'Unlock All Content',
      'Ad Free',
      'Latest Offers',
      'Daily login {{points}} points',
      'Watch video {{points}} points per video',
      'Share app {{points}} points',
      'Invite a friend {{points}} points per friend',
      'Keep account',
      'Confirm deletion',
    ]) {
      expect(texts, text).toContain(text);
    }
  });

  it('label the five tab-bar items in order', () => {
    expect(Object.keys(en.tabBar)).toEqual(['home', 'list', 'rewards', 'me', 'download']);
  });
});
