import type { Page, PageQuery } from '@cliffhanger/contract';
import type { Slice } from '../../repositories/comments.repository.js';

/** The rows a page of `size` starting at `page` (from 1) covers. */
export function sliceOf(query: PageQuery): Slice {
  return { limit: query.size, offset: (query.page - 1) * query.size };
}

export function pageFrom<T>(list: T[], total: number, query: PageQuery): Page<T> {
  return { list, page: query.page, size: query.size, total, has_more: query.page * query.size < total };
}
