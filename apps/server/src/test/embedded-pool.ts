import type { Database, Queryable } from '../db/database.js';
import { type EmbeddedDatabase, openEmbedded } from '../db/embedded.js';

/**
 * Migrated embedded databases for tests, kept by the test worker from file to file (vitest keeps one module
 * graph per worker) and emptied back to the snapshot's state between uses. A new one restores the snapshot
 * in a new PGlite (its WebAssembly compiled again, some 44 MB of data files loaded): about 1.2 s and 1.8 s
 * of CPU. Emptying a used one takes about a tenth of that.
 *
 * A database is reused only when its schema is still the snapshot's: one whose tables, functions, roles or
 * settings a test changed (a migration test, say) is closed and replaced. Daily partitions the code created
 * on demand are dropped, since fresh databases have none.
 */

/** What a freshly restored database holds, to compare a used one against and to put back. */
interface Baseline {
  fingerprint: string;
  /** Every table that is not a partition (TRUNCATE on a partitioned table empties its partitions). */
  tables: string[];
  partitions: Set<string>;
  /** The rows the migrations wrote, per table, as JSON. */
  seeds: { table: string; rows: string }[];
  sequences: { name: string; value: number; called: boolean }[];
}

/** The parts of the catalog a test can change, as one hash (data excluded). */
const FINGERPRINT_SQL = `
WITH user_rel AS (
  SELECT c.oid FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
  WHERE n.nspname NOT IN ('pg_catalog', 'information_schema', 'pg_toast') AND n.nspname NOT LIKE 'pg_temp%'
)
SELECT md5(string_agg(x, E'\\n' ORDER BY x)) AS fingerprint FROM (
  SELECT 'schema ' || nspname AS x FROM pg_namespace WHERE nspname NOT LIKE 'pg_temp%' AND nspname NOT LIKE 'pg_toast_temp%'
  UNION ALL SELECT 'rel ' || c.oid::regclass::text || ' ' || c.relkind::text || c.relpersistence::text
    FROM pg_class c WHERE c.oid IN (SELECT oid FROM user_rel)
  UNION ALL SELECT 'col ' || a.attrelid::regclass::text || '.' || a.attname || ' ' || format_type(a.atttypid, a.atttypmod)
      || ' ' || a.attnotnull || a.attisdropped || ' ' || coalesce(pg_get_expr(d.adbin, d.adrelid), '')
    FROM pg_attribute a LEFT JOIN pg_attrdef d ON d.adrelid = a.attrelid AND d.adnum = a.attnum
    WHERE a.attnum > 0 AND a.attrelid IN (SELECT oid FROM user_rel)
  UNION ALL SELECT 'con ' || conrelid::regclass::text || ' ' || conname || ' ' || pg_get_constraintdef(oid)
    FROM pg_constraint WHERE conrelid IN (SELECT oid FROM user_rel)
  UNION ALL SELECT 'idx ' || pg_get_indexdef(indexrelid) FROM pg_index WHERE indrelid IN (SELECT oid FROM user_rel)
  UNION ALL SELECT 'view ' || oid::regclass::text || ' ' || md5(pg_get_viewdef(oid))
    FROM pg_class WHERE relkind IN ('v', 'm') AND oid IN (SELECT oid FROM user_rel)
  UNION ALL SELECT 'fn ' || p.oid::regprocedure::text || ' ' || md5(p.prosrc)
    FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
    WHERE n.nspname NOT IN ('pg_catalog', 'information_schema')
  UNION ALL SELECT 'trigger ' || tgrelid::regclass::text || ' ' || tgname || ' ' || tgenabled::text
    FROM pg_trigger WHERE NOT tgisinternal
  UNION ALL SELECT 'type ' || t.oid::regtype::text FROM pg_type t JOIN pg_namespace n ON n.oid = t.typnamespace
    WHERE n.nspname NOT IN ('pg_catalog', 'information_schema', 'pg_toast') AND t.typrelid = 0
  UNION ALL SELECT 'enum ' || enumtypid::regtype::text || ' ' || enumlabel FROM pg_enum
  UNION ALL SELECT 'ext ' || extname || ' ' || extversion FROM pg_extension
  UNION ALL SELECT 'role ' || rolname FROM pg_roles
  UNION ALL SELECT 'setting ' || setdatabase || ' ' || setrole || ' ' || array_to_string(setconfig, ',')
    FROM pg_db_role_setting
) catalog`;

const PARTITIONS_SQL = `SELECT c.oid::regclass::text AS name FROM pg_class c
  WHERE c.relispartition AND c.relkind IN ('r', 'p') AND c.relnamespace = 'public'::regnamespace`;

async function fingerprint(db: Database): Promise<string> {
  return (await db.query<{ fingerprint: string }>(FINGERPRINT_SQL)).rows[0]?.fingerprint ?? '';
}

async function readBaseline(db: Database): Promise<Baseline> {
  const tables = (
    await db.query<{ name: string }>(
      `SELECT c.oid::regclass::text AS name FROM pg_class c
       WHERE c.relkind IN ('r', 'p') AND NOT c.relispartition AND c.relnamespace = 'public'::regnamespace
       ORDER BY 1`,
    )
  ).rows.map((r) => r.name);
  const seeds: Baseline['seeds'] = [];
  for (const table of tables) {
    const r = await db.query<{ rows: string | null }>(`SELECT json_agg(t)::text AS rows FROM ${table} t`);
    const rows = r.rows[0]?.rows;
    if (rows) seeds.push({ table, rows });
  }
  const sequences = (
    await db.query<{ name: string; value: number; called: boolean }>(
      `SELECT format('%I.%I', schemaname, sequencename) AS name,
              coalesce(last_value, start_value)::float8 AS value, last_value IS NOT NULL AS called
       FROM pg_sequences ORDER BY 1`,
    )
  ).rows;
  const partitions = new Set((await db.query<{ name: string }>(PARTITIONS_SQL)).rows.map((r) => r.name));
  return { fingerprint: await fingerprint(db), tables, partitions, seeds, sequences };
}

/** Back to the baseline's state; false when the schema differs from it and the database is to be replaced. */
async function reset(db: Database, base: Baseline): Promise<boolean> {
  // Session state: settings, prepared statements, temporary tables, LISTEN, advisory locks. Fails inside a
  // transaction a test left open, which also means: replace.
  await db.query('DISCARD ALL');
  for (const { name } of (await db.query<{ name: string }>(PARTITIONS_SQL)).rows) {
    if (!base.partitions.has(name)) await db.query(`DROP TABLE ${name}`);
  }
  if ((await fingerprint(db)) !== base.fingerprint) return false;
  await db.query(`TRUNCATE ${base.tables.join(', ')} RESTART IDENTITY CASCADE`);
  if (base.seeds.length > 0) {
    await db.transaction(async (tx) => {
      // The rows as they were, without running triggers or checking references between them on the way in.
      await tx.query('SET LOCAL session_replication_role = replica');
      for (const { table, rows } of base.seeds) {
        await tx.query(
          `INSERT INTO ${table} SELECT * FROM json_populate_recordset(NULL::${table}, $1::json)`,
          [rows],
        );
      }
    });
  }
  if (base.sequences.length > 0) {
    await db.query(
      `SELECT ${base.sequences.map((_, i) => `setval($${3 * i + 1}::regclass, $${3 * i + 2}, $${3 * i + 3})`).join(', ')}`,
      base.sequences.flatMap((s) => [s.name, s.value, s.called]),
    );
  }
  return true;
}

let baseline: Baseline | null = null;
const idle: EmbeddedDatabase[] = [];
/** How databases were handed out in this worker, for the pool's own test. */
export const embeddedPoolStats = { restored: 0, reused: 0, replaced: 0 };

async function restore(snapshot: () => Promise<Uint8Array>): Promise<EmbeddedDatabase> {
  const db = await openEmbedded({ dataDir: null, snapshot: await snapshot() });
  embeddedPoolStats.restored++;
  baseline ??= await readBaseline(db);
  return db;
}

async function takeIdle(): Promise<EmbeddedDatabase | null> {
  for (let db = idle.pop(); db; db = idle.pop()) {
    const ok = await reset(db, baseline as Baseline).catch(() => false);
    if (ok) {
      embeddedPoolStats.reused++;
      return db;
    }
    embeddedPoolStats.replaced++;
    await db.close().catch(() => {});
  }
  return null;
}

/**
 * A database in the snapshot's state, private to the caller until it closes it. The handle it gets stops
 * working at close: a query a closed test app still sends fails, instead of reaching the next test's data.
 */
export async function leaseEmbedded(snapshot: () => Promise<Uint8Array>): Promise<Database> {
  const db = (baseline && (await takeIdle())) || (await restore(snapshot));
  let closed = false;
  const open = () => {
    if (closed) throw new Error('embedded test database used after close');
  };
  return {
    kind: db.kind,
    async query<T>(sql: string, params?: readonly unknown[]) {
      open();
      return db.query<T>(sql, params);
    },
    async transaction<T>(fn: (tx: Queryable) => Promise<T>) {
      open();
      return db.transaction(fn);
    },
    poolStats: () => db.poolStats(),
    async close() {
      if (closed) return;
      closed = true;
      idle.push(db);
    },
  };
}
