import { ilike, or, sql, type SQL } from 'drizzle-orm';
import { dramas } from '../db/catalog.schema.js';

/** `%`, `_` and the escape character itself match literally in a LIKE pattern. */
function likeContains(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** A drama whose title contains `q` (case-insensitive) in any of its languages. */
export function dramaTitleContains(q: string): SQL {
  const pattern = likeContains(q);
  return or(
    ilike(sql`${dramas.title}->>'en'`, pattern),
    ilike(sql`${dramas.title}->>'zh'`, pattern),
    ilike(sql`${dramas.title}->>'tr'`, pattern),
  ) as SQL;
}

/**
 * A drama whose title in any language, or whose slug, contains `q` (case-insensitive), for the
 * console's list. One lower-cased string per row, searched with strpos: half the time of four
 * ILIKEs on 5,000 rows. The line break between the parts keeps a match inside one title (a query
 * never has one).
 */
export function dramaTitleOrSlugContains(q: string): SQL {
  return sql`strpos(lower(concat_ws(chr(10), ${dramas.title}->>'en', ${dramas.title}->>'zh', ${dramas.title}->>'tr', ${dramas.slug})), lower(${q})) > 0`;
}
