/** What a viewer may tap or type into: a toast on top of one would hide it or eat the tap. */
const INTERACTIVE =
  'a[href], button, input, select, textarea, label, summary, [role="tab"], [role="button"], [role="switch"], [role="link"], [tabindex]:not([tabindex="-1"])';

export interface Band {
  top: number;
  bottom: number;
  left: number;
  right: number;
}

const overlap = (a: Band, b: Band): number =>
  Math.max(0, Math.min(a.right, b.right) - Math.max(a.left, b.left)) *
  Math.max(0, Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top));

/** The visible controls on the page, as boxes (those in `except`, the toast itself, left out). */
export function controlBoxes(doc: Document, except: Element): Band[] {
  const boxes: Band[] = [];
  for (const element of doc.querySelectorAll(INTERACTIVE)) {
    if (except.contains(element)) continue;
    const rect = element.getBoundingClientRect();
    if (rect.width === 0 || rect.height === 0) continue;
    boxes.push({ top: rect.top, bottom: rect.bottom, left: rect.left, right: rect.right });
  }
  return boxes;
}

/**
 * Where the toast's top edge goes: the first place from `preferred` down (then up from it) where
 * a box of the toast's size covers no control; with none free anywhere, the place that covers the
 * least. Steps of `step` px keep it cheap: it runs once per toast.
 */
export function toastTop(
  size: { width: number; height: number },
  viewport: { width: number; height: number },
  controls: readonly Band[],
  { preferred, margin = 8, step = 8 }: { preferred: number; margin?: number; step?: number },
): number {
  const left = (viewport.width - size.width) / 2;
  const lowest = Math.max(margin, viewport.height - size.height - margin);
  const candidates: number[] = [];
  for (let top = Math.min(preferred, lowest); top <= lowest; top += step) candidates.push(top);
  for (let top = Math.min(preferred, lowest) - step; top >= margin; top -= step) candidates.push(top);
  let best = candidates[0] ?? margin;
  let bestCover = Infinity;
  for (const top of candidates) {
    // A little air around the toast, so it does not sit flush on a control either.
    const band = { top: top - 4, bottom: top + size.height + 4, left: left - 4, right: left + size.width + 4 };
    const cover = controls.reduce((sum, box) => sum + overlap(band, box), 0);
    if (cover === 0) return top;
    if (cover < bestCover) {
      bestCover = cover;
      best = top;
    }
  }
  return best;
}
