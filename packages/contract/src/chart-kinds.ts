/** The home charts, in the order their tabs show (docs/product.md#charts). */
export const CHART_KINDS = ['most_watched', 'rising', 'most_collected'] as const;
export type ChartKind = (typeof CHART_KINDS)[number];

/** Dramas on each chart. */
export const CHART_SIZE = 10;
