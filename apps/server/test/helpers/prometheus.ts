/** One sample of a Prometheus text answer: `name{labels}` with exactly these labels (order aside); undefined if absent. */
export function sample(text: string, name: string, labels: Record<string, string | number> = {}): number | undefined {
  const wanted = Object.entries(labels)
    .map(([key, value]) => `${key}="${value}"`)
    .sort()
    .join(',');
  for (const line of text.split('\n')) {
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (match?.[1] !== name) continue;
    if ((match[2] ?? '').split(',').filter(Boolean).sort().join(',') === wanted) return Number(match[3]);
  }
  return undefined;
}
