import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import { dramaCardSchema, langQuerySchema } from './catalog.js';

/** A drama's place on a chart: 1 is the top. */
export const chartEntrySchema = z.object({
  rank: z.number().int().positive(),
  drama: dramaCardSchema,
});
export type ChartEntry = z.infer<typeof chartEntrySchema>;

/** One list per CHART_KINDS key, at most CHART_SIZE entries each, ranked 1, 2, 3 …. */
export const chartsSchema = z.object({
  /** Most plays in the last 7 days. */
  most_watched: z.array(chartEntrySchema),
  /** This week's plays against the week before, among dramas played enough to count. */
  rising: z.array(chartEntrySchema),
  /** Most favourites. */
  most_collected: z.array(chartEntrySchema),
  /** When the charts were last counted; null before the first count. */
  counted_at: z.string().nullable(),
});
export type Charts = z.infer<typeof chartsSchema>;

export const getCharts = defineEndpoint({
  method: 'GET',
  path: '/charts',
  auth: 'none',
  summary: 'Ranked charts of released dramas: most watched this week, rising, most collected',
  query: langQuerySchema,
  data: chartsSchema,
});
