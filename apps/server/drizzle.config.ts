import { defineConfig } from 'drizzle-kit';

// `npm run db:generate -w apps/server` writes a new SQL migration into ./drizzle after a schema
// change. Generation needs no database; migrations are applied by the server at boot.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema.ts',
  out: './drizzle',
  strict: true,
});
