import fp from 'fastify-plugin';
import { createDatabase } from '../db/create-database.js';
import type { Database } from '../db/database.js';
import type { AppInstance } from '../app-instance.js';

declare module 'fastify' {
  interface FastifyInstance {
    database: Database;
  }
}

/** `database`: one the caller created and will close; otherwise one is created from config and closed with the app. */
async function databasePlugin(app: AppInstance, options: { database?: Database }): Promise<void> {
  const owned = options.database === undefined;
  const database =
    options.database ??
    (await createDatabase({
      databaseUrl: app.config.databaseUrl,
      dataDir: app.config.dataDir,
      poolSize: app.config.databasePoolSize,
      limits: app.config.databaseLimits,
      connectWaitMs: app.config.databaseConnectWaitS * 1000,
      onConnectionError: (error) => app.log.warn({ err: error }, 'database connection failed'),
    }));
  try {
    await database.migrate();
  } catch (error) {
    if (owned) await database.close();
    throw error;
  }
  app.log.info({ driver: database.driver }, 'database ready');
  app.decorate('database', database);
  if (owned) app.addHook('onClose', () => database.close());
}

export default fp(databasePlugin, { name: 'database' });
