import path from 'node:path';
import type { Config } from '../config.js';
import type { Database } from './database.js';
import { openEmbedded } from './embedded.js';
import { openPostgres } from './postgres.js';

/** PostgreSQL when DATABASE_URL is set, else the embedded database in DATA_DIR/pg. */
export async function openDatabase(config: Pick<Config, 'databaseUrl' | 'dataDir'>): Promise<Database> {
  if (config.databaseUrl) return openPostgres(config.databaseUrl);
  return openEmbedded({ dataDir: path.join(config.dataDir, 'pg') });
}
