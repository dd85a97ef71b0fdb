import type { FastifyBaseLogger } from 'fastify';
import { ConfigError, loadConfig } from './config.js';
import { migrate } from './db/migrate.js';
import { openDatabase } from './db/open-database.js';
import { strokeRollups } from './modules/analytics/statistics/statistics-services.js';
import { RegionsRepo } from './modules/regions/regions-repo.js';
import { RegionsService } from './modules/regions/regions-service.js';

const USAGE =
  'usage: npm run rollups-rebuild -- --from YYYY-MM-DD --to YYYY-MM-DD (UTC days, to exclusive)\n' +
  '       npm run rollups-rebuild -- --upgrade (after migration 040: every day of the old daily rollups still stored raw)';

/** `--from 2026-07-01 --to 2026-08-01`: the UTC days [from, to), checked; or `--upgrade`. */
export function parseRebuildArgs(argv: readonly string[]): { from: Date; to: Date } | { upgrade: true } {
  if (argv.includes('--upgrade')) {
    if (argv.includes('--from') || argv.includes('--to'))
      throw new ConfigError(`--upgrade takes no --from or --to\n${USAGE}`);
    return { upgrade: true };
  }
  const arg = (name: string) => {
    const i = argv.indexOf(`--${name}`);
    const v = i >= 0 ? argv[i + 1] : undefined;
    if (!v || !/^\d{4}-\d{2}-\d{2}$/.test(v))
      throw new ConfigError(`--${name} must be a date YYYY-MM-DD\n${USAGE}`);
    const d = new Date(`${v}T00:00:00Z`);
    if (Number.isNaN(d.getTime()) || d.toISOString().slice(0, 10) !== v)
      throw new ConfigError(`--${name} is not a date: ${v}`);
    return d;
  };
  const from = arg('from');
  const to = arg('to');
  if (to <= from) throw new ConfigError('--to must be after --from');
  if (to.getTime() - from.getTime() > 3660 * 86_400_000) throw new ConfigError('at most 10 years at once');
  return { from, to };
}

/**
 * Recomputes the statistics' hourly rollups of a range of UTC days from the raw strokes (after an archive
 * import), or with `--upgrade` every day the daily rollups of before migration 040 held whose raw strokes are
 * still stored. On PostgreSQL it runs beside a live server; the embedded database belongs to one process: stop
 * the server first.
 */
async function main(): Promise<void> {
  let range: ReturnType<typeof parseRebuildArgs>;
  let config: ReturnType<typeof loadConfig>;
  try {
    range = parseRebuildArgs(process.argv.slice(2));
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(2);
    }
    throw error;
  }
  const db = await openDatabase(config);
  try {
    await migrate(db);
    const log = { info: () => {}, error: console.error } as unknown as FastifyBaseLogger;
    const rollups = strokeRollups(db, new RegionsService({ repo: new RegionsRepo(db), log }));
    const started = Date.now();
    const progress = (day: string, strokes: number) => console.log(`${day}: ${strokes} strokes`);
    const done =
      'upgrade' in range
        ? await rollups.rebuildLegacy(progress)
        : await rollups.rebuild(range.from, range.to, progress);
    console.log(
      `rebuilt ${done.days} days, ${done.strokes} strokes in ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );
  } finally {
    await db.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main().catch((error) => {
    console.error('rollups-rebuild failed:', error);
    process.exit(1);
  });
}
