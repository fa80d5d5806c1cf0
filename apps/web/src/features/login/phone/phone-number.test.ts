import { describe, expect, it } from 'vitest';
import { countryOptions, defaultCountry, dialPrefix } from './countries';
import { toE164 } from './phone-number';

describe('phone number', () => {
  it('reads a national number in the selected country and answers E.164', () => {
    expect(toE164('555 111 22 33', 'TR')).toEqual({ ok: true, e164: '+905551112233' });
    expect(toE164('0555 111 22 33', 'TR')).toEqual({ ok: true, e164: '+905551112233' });
    expect(toE164('138 0013 8000', 'CN')).toEqual({ ok: true, e164: '+8613800138000' });
    expect(toE164('(201) 555-0123', 'US')).toEqual({ ok: true, e164: '+12015550123' });
  });

  it('keeps the country of a number typed with its own + prefix', () => {
    expect(toE164('+90 555 111 2233', 'US')).toEqual({ ok: true, e164: '+905551112233' });
  });

  it('tells empty from invalid', () => {
    expect(toE164('   ', 'TR')).toEqual({ ok: false, reason: 'empty' });
    expect(toE164('12', 'TR')).toEqual({ ok: false, reason: 'invalid' });
    expect(toE164('abc', 'US')).toEqual({ ok: false, reason: 'invalid' });
  });

  it('preselects the browser region, else the one the UI language implies', () => {
    expect(defaultCountry('en', ['en-GB', 'en'])).toBe('GB');
    expect(defaultCountry('zh', ['de', 'zh-Hant-TW'])).toBe('TW');
    expect(defaultCountry('tr', ['tr'])).toBe('TR');
    expect(defaultCountry('zh', [])).toBe('CN');
    expect(defaultCountry('en', ['fr-XX'])).toBe('US');
  });

  it('names countries in the UI language with their dial prefix', () => {
    expect(dialPrefix('TR')).toBe('+90');
    const zh = countryOptions('zh');
    expect(zh.find((option) => option.code === 'CN')).toMatchObject({ name: '中国', dial: '+86' });
  });
});
