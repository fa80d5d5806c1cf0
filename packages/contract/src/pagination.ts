import { z } from 'zod';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from './constants.js';

/**
 * `page` (from 1) and `size` (1..MAX_PAGE_SIZE, default 20) of every list. Query
 * strings arrive as text, so both are coerced; anything that is not a whole number in range is
 * a Code.INVALID_INPUT naming the field.
 */
export const pageQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  size: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
});
export type PageQuery = z.infer<typeof pageQuerySchema>;

/** One page of a list. `has_more` drives load-more (no "no more" row is shown). */
export function pageOf<T extends z.ZodType>(item: T) {
  return z.object({
    list: z.array(item),
    page: z.number().int(),
    size: z.number().int(),
    total: z.number().int(),
    has_more: z.boolean(),
  });
}

export type Page<T> = z.infer<ReturnType<typeof pageOf<z.ZodType<T>>>>;
