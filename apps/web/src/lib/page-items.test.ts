import { describe, expect, it } from 'vitest';
import { pageItems } from './page-items';

describe('pageItems', () => {
  it('flattens pages in order and drops an item a later page repeats', () => {
    const pages = [{ list: [{ id: 3 }, { id: 2 }] }, { list: [{ id: 2 }, { id: 1 }] }];
    expect(pageItems(pages).map((item) => item.id)).toEqual([3, 2, 1]);
  });

  it('is empty before anything loaded', () => {
    expect(pageItems(undefined)).toEqual([]);
  });
});
