/**
 * The items of every loaded page, each once. Newest-first and ranked lists shift while the
 * viewer pages through them (a new favourite, a play that moves a drama up), so a later page
 * can repeat an item an earlier one already showed.
 */
export function pageItems<T extends { id: number }>(pages: readonly { list: readonly T[] }[] | undefined): T[] {
  const seen = new Set<number>();
  const out: T[] = [];
  for (const page of pages ?? []) {
    for (const item of page.list) {
      if (seen.has(item.id)) continue;
      seen.add(item.id);
      out.push(item);
    }
  }
  return out;
}
