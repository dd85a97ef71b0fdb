import type { Database } from '../db/database.js';

/**
 * Putting a used test database back into the state of a freshly migrated one: its tables emptied and the
 * migrations' rows written again, its sequences and session settings as they were, the daily partitions the
 * code created on demand dropped. A database whose schema a test changed (a migration test, say) is not put
 * back: `reset` says so, and the caller replaces it.
 */

/** What a freshly restored database holds, to compare a used one against and to put back. */
export interface Baseline {
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
  UNION ALL SELECT 'setting ' || (setdatabase = 0)::text || ' ' || setrole || ' ' || array_to_string(setconfig, ',')
    FROM pg_db_role_setting
    WHERE setdatabase IN (0, (SELECT oid FROM pg_database WHERE datname = current_database()))
) catalog`;

const PARTITIONS_SQL = `SELECT c.oid::regclass::text AS name FROM pg_class c
  WHERE c.relispartition AND c.relkind IN ('r', 'p') AND c.relnamespace = 'public'::regnamespace`;

async function fingerprint(db: Database): Promise<string> {
  return (await db.query<{ fingerprint: string }>(FINGERPRINT_SQL)).rows[0]?.fingerprint ?? '';
}

export async function readBaseline(db: Database): Promise<Baseline> {
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
export async function reset(db: Database, base: Baseline): Promise<boolean> {
  // Session state: settings, prepared statements, temporary tables, LISTEN, advisory locks. Fails inside a
  // transaction a test left open, which also means: replace.
  await db.query('DISCARD ALL');
  for (const { name } of (await db.query<{ name: string }>(PARTITIONS_SQL)).rows) {
    if (!base.partitions.has(name)) await db.query(`DROP TABLE ${name}`);
  }
  if ((await fingerprint(db)) !== base.fingerprint) return false;
  // Only the tables that hold rows: truncating all of them took 100 ms on the embedded database, and most
  // tests write to a few. The sequences are set back below, whichever table they belong to.
  const holding = await db.query<{ name: string }>(
    base.tables
      .map((t, i) => `SELECT $${i + 1}::text AS name WHERE EXISTS (SELECT 1 FROM ${t})`)
      .join(' UNION ALL '),
    base.tables,
  );
  if (holding.rows.length > 0)
    await db.query(`TRUNCATE ${holding.rows.map((r) => r.name).join(', ')} CASCADE`);
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
