import { describe, expect, it } from 'vitest';
import {
  effectiveSubtitle,
  PREFERENCE_KEYS,
  readAutoUnlock,
  readSubtitleChoice,
  writeAutoUnlock,
  writeQuality,
  writeSubtitleChoice,
} from './preferences';
import { readQuality } from '../../../lib/player/quality';

describe('player preferences', () => {
  it('remember quality and subtitles in localStorage, ignoring junk', () => {
    expect(readQuality()).toBe('auto');
    writeQuality('sd');
    expect(localStorage.getItem(PREFERENCE_KEYS.quality)).toBe('sd');
    expect(readQuality()).toBe('sd');
    localStorage.setItem(PREFERENCE_KEYS.quality, '4k');
    expect(readQuality()).toBe('auto');

    expect(readSubtitleChoice()).toBeNull();
    writeSubtitleChoice('tr');
    expect(readSubtitleChoice()).toBe('tr');
    localStorage.setItem(PREFERENCE_KEYS.subtitles, 'fr');
    expect(readSubtitleChoice()).toBeNull();
  });

  it('keep auto-unlock off until switched on', () => {
    expect(readAutoUnlock()).toBe(false);
    writeAutoUnlock(true);
    expect(readAutoUnlock()).toBe(true);
  });

  it('default subtitles to the interface language when the episode has it', () => {
    expect(effectiveSubtitle(null, ['zh', 'en', 'tr'], 'tr')).toBe('tr');
    expect(effectiveSubtitle(null, ['zh'], 'en')).toBe('off');
    expect(effectiveSubtitle('zh', ['zh', 'en'], 'en')).toBe('zh');
    expect(effectiveSubtitle('tr', ['zh', 'en'], 'en')).toBe('en');
    expect(effectiveSubtitle('off', ['zh', 'en'], 'en')).toBe('off');
  });
});
