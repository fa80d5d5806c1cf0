import { describe, expect, it } from 'vitest';
import { dramaSheetHref, dramaSheetId } from './drama-sheet';

describe('drama sheet parameter', () => {
  it('reads a positive whole id and nothing else', () => {
    expect(dramaSheetId('?drama=12')).toBe(12);
    expect(dramaSheetId('?q=x&drama=7')).toBe(7);
    for (const bad of [
      '',
      '?drama=',
      '?drama=0',
      '?drama=-3',
      '?drama=1.5',
      '?drama=abc',
      '?drama=99999999999999999999',
    ]) {
      expect(dramaSheetId(bad), bad).toBeNull();
    }
  });

  it("opens and closes over the page's own query, which it keeps", () => {
    const home = { pathname: '/pages/index/index', search: '?q=bride&sort=likes' };
    expect(dramaSheetHref(home, 4)).toBe('/pages/index/index?q=bride&sort=likes&drama=4');
    expect(dramaSheetHref({ ...home, search: '?q=bride&drama=4' }, 5)).toBe('/pages/index/index?q=bride&drama=5');
    expect(dramaSheetHref({ ...home, search: '?drama=4' }, null)).toBe('/pages/index/index');
  });
});
