/** The Drizzle schema: every table, re-exported for the client factory and drizzle-kit. */
export * from './users.schema.js';
export * from './auth.schema.js';
export * from './catalog.schema.js';
export * from './social.schema.js';
export * from './wallet.schema.js';
export * from './rewards.schema.js';
export * from './payments.schema.js';
export * from './operators.schema.js';
export * from './episode-imports.schema.js';
export * from './reports.schema.js';
export * from './charts.schema.js';
export * from './recommendations.schema.js';
export * from './push.schema.js';
