import { sql } from 'drizzle-orm';
import { bigserial, check, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

export const users = pgTable(
  'users',
  {
    // mode 'number': ids stay far below 2^53 and the contract's uid is a JSON number.
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    nickname: text('nickname').notNull().default(''),
    // NULL until the user picks one; UNIQUE still allows many NULLs in PostgreSQL.
    username: text('username').unique(),
    avatar: text('avatar').notNull().default(''),
    // The coin balance. The CHECK is the last line of defence behind conditional debits
    // (DESIGN §6): a bug in the wallet service fails the transaction instead of going negative.
    coin: integer('coin').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (table) => [check('users_coin_nonnegative', sql`${table.coin} >= 0`)],
);

export type UserRow = typeof users.$inferSelect;
export type NewUserRow = typeof users.$inferInsert;
