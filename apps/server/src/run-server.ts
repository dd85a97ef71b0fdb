import { buildApp } from './app.js';
import { ConfigError, loadConfig } from './config.js';
import { migrate } from './db/migrate.js';
import { openDatabase } from './db/open-database.js';
import { startFeeds } from './pipeline/feeds/start-feeds.js';

export interface RunServerOptions {
  /** The clock every part of the server reads (the real one unless a test moves it). */
  now?: () => Date;
}

/**
 * The server as `npm start` runs it: configuration from the environment (a bad one exits with 2), the
 * database opened and migrated, the app listening and the feeds started, stopped cleanly on SIGTERM/SIGINT.
 * Resolves with the app once it listens.
 */
export async function runServer(options: RunServerOptions = {}) {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(`Configuration error: ${error.message}`);
      process.exit(2);
    }
    throw error;
  }
  const db = await openDatabase(config);
  const applied = await migrate(db);
  const app = await buildApp({ config, db, now: options.now });
  if (applied.length > 0) app.log.info({ applied }, 'applied migrations');
  app.log.info(
    { database: db.kind, dataDir: db.kind === 'embedded' ? config.dataDir : undefined },
    'database ready',
  );

  let stopFeeds: () => Promise<void> = async () => {};
  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 10_000).unref();
    try {
      await stopFeeds();
      await app.close();
      await db.close();
    } finally {
      clearTimeout(force);
      process.exit(0);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  stopFeeds = await startFeeds(app, config);
  console.log(`Thunderwatch is running on http://localhost:${config.port}`);
  return app;
}
