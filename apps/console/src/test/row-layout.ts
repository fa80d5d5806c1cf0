import { vi } from 'vitest';

/**
 * jsdom lays nothing out: each row gets a box from its place in its list, as a browser would, so
 * @dnd-kit's keyboard moves find the row above and below. Undone by `vi.restoreAllMocks()`.
 */
export function layOutListRows(): void {
  vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (this: HTMLElement) {
    const row = this.closest('li');
    const index = row?.parentElement ? [...row.parentElement.children].indexOf(row) : 0;
    const top = index * 50;
    return { x: 0, y: top, top, left: 0, right: 400, bottom: top + 40, width: 400, height: 40, toJSON: () => ({}) };
  });
}
