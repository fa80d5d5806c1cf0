import type { ImportSummary } from './import-catalog.js';

/** The CLI's report: one line per drama, then the totals. */
export function formatSummary(summary: ImportSummary): string {
  const lines = summary.dramas.map((d) => {
    const state = d.created ? 'created' : d.changed ? 'updated' : 'unchanged';
    const { transcoded, copied, unchanged, removed } = d.episodes;
    const parts = [`${transcoded} transcoded`, `${copied} copied`, `${unchanged} unchanged`];
    if (removed > 0) parts.push(`${removed} removed`);
    return `  ${d.slug} (id ${d.id}, ${state}): ${parts.join(', ')}`;
  });
  const seconds = (summary.durationMs / 1000).toFixed(1);
  return `Imported ${summary.dramas.length} drama${summary.dramas.length === 1 ? '' : 's'} in ${seconds} s:\n${lines.join('\n')}\n`;
}
