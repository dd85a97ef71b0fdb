import type { Role } from '@thunderwatch/shared/permissions';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { type Background, buildApp } from '../app.js';
import { type Config, loadConfig } from '../config.js';
import type { Database } from '../db/database.js';
import { openPostgres } from '../db/postgres.js';
import type { SmsProvider } from '../modules/notify/sms/sms-provider.js';
import { embeddedPool, postgresPool, scratchPostgres } from './database-pool.js';

export type DbKind = 'embedded' | 'postgres';

/** Every integration suite runs on the embedded database, and on PostgreSQL when DATABASE_URL is set. */
export const DB_KINDS: DbKind[] = process.env.DATABASE_URL ? ['embedded', 'postgres'] : ['embedded'];

export const ADMIN = { username: 'admin', password: 'Admin12345' };

/** The tests' password hashing cost (production: 15): they make thousands of users and logins. */
export const TEST_PASSWORD_HASH_LOG2N = '10';

/**
 * A migrated database of the given kind in its freshly migrated state, private to the caller until it closes
 * it (both kinds come from this worker's pool, `database-pool.ts`). PostgreSQL through a proxy of the test's
 * own (to cut the connection) gets a database of its own, dropped at close.
 */
export async function freshDatabase(kind: DbKind, opts: { throughPort?: number } = {}): Promise<Database> {
  if (kind === 'embedded') return embeddedPool.lease();
  if (!opts.throughPort) return postgresPool.lease();
  const scratch = await scratchPostgres();
  const route = new URL(scratch.url);
  route.port = String(opts.throughPort);
  const db = openPostgres(route.toString(), 5);
  return {
    ...db,
    async close() {
      await db.close();
      await scratch.drop();
    },
  };
}

export interface TestUser {
  id: number;
  username: string;
  password: string;
  access: string;
  refresh: string;
  groupId: number;
}

export interface TestApp {
  app: FastifyInstance;
  db: Database;
  config: Config;
  demoGroupId: number;
  systemGroupId: number;
  admin: TestUser;
  /** inject() with an optional bearer token. */
  call(opts: InjectOptions & { token?: string }): Promise<LightMyRequestResponse>;
  login(username: string, password: string): Promise<TestUser>;
  /** Creates a user through the API (as admin) and signs them in. */
  createUser(opts: { role: Role; groupId?: number; phone?: string; username?: string }): Promise<TestUser>;
  /**
   * A new group through the API. A group is made with its duty list (its administrators' inboxes); a test
   * of other lists' deliveries removes it unless it asks to keep it (`dutyList: true`).
   */
  createGroup(slug: string, opts?: { dutyList?: boolean }): Promise<number>;
  /** Creates a feed (as admin) and returns its key. */
  createFeed(name: string): Promise<string>;
  /** Sends strokes on a feed (`POST /api/ingest/strokes`); how many it accepted (anything but 200 throws). */
  ingest(feedKey: string, strokes: readonly unknown[]): Promise<number>;
  close(): Promise<void>;
}

let counter = 0;

export async function startTestApp(
  kind: DbKind,
  opts: {
    sms?: SmsProvider;
    now?: () => Date;
    env?: NodeJS.ProcessEnv;
    /** Start on this database (a restart); `close()` then leaves it open. */
    db?: Database;
    /** The background work the test is about (the warning engine, a worker…); none by default. */
    background?: readonly Background[];
  } = {},
): Promise<TestApp> {
  const db = opts.db ?? (await freshDatabase(kind));
  const config = loadConfig({
    ADMIN_USERNAME: ADMIN.username,
    ADMIN_PASSWORD: ADMIN.password,
    WEB_DIST: '/nonexistent-web-dist',
    LOG_LEVEL: 'silent',
    // 12 MB of boundaries per app would slow every suite: the regions load on first use in tests.
    REGIONS_AUTOLOAD: 'false',
    // The rollups look up each stroke's region (the same boundaries): on in the statistics' own tests.
    STATS_ROLLUPS: 'false',
    PASSWORD_HASH_LOG2N: TEST_PASSWORD_HASH_LOG2N,
    ...opts.env,
  });
  const app = await buildApp({
    config,
    db,
    sms: opts.sms,
    now: opts.now,
    logger: false,
    background: opts.background ?? [],
  });
  await app.ready();
  const groupId = async (slug: string) =>
    (await db.query<{ id: number }>('SELECT id FROM groups WHERE slug = $1', [slug])).rows[0]?.id as number;

  const call: TestApp['call'] = ({ token, headers, ...rest }) =>
    app.inject({ ...rest, headers: { ...headers, ...(token ? { authorization: `Bearer ${token}` } : {}) } });

  const login = async (username: string, password: string): Promise<TestUser> => {
    const res = await call({ method: 'POST', url: '/api/login', payload: { username, password } });
    if (res.statusCode !== 200) throw new Error(`login ${username} failed: ${res.statusCode} ${res.body}`);
    const body = res.json();
    return {
      id: body.user.id,
      username,
      password,
      access: body.access,
      refresh: body.refresh,
      groupId: body.user.group.id,
    };
  };

  const admin = await login(ADMIN.username, ADMIN.password);
  const t: TestApp = {
    app,
    db,
    config,
    demoGroupId: await groupId('demo'),
    systemGroupId: await groupId('system'),
    admin,
    call,
    login,
    async createUser({ role, groupId: gid, phone, username }) {
      const name = username ?? `${role.replace('_', '')}${++counter}${process.pid}`;
      const password = 'Passw0rd!';
      const res = await call({
        method: 'POST',
        url: '/api/group_user_list/',
        token: admin.access,
        payload: {
          username: name,
          password,
          role,
          group_id: gid ?? t.demoGroupId,
          ...(phone ? { phone } : {}),
        },
      });
      if (res.statusCode !== 201) throw new Error(`create ${name} failed: ${res.statusCode} ${res.body}`);
      return login(name, password);
    },
    async createGroup(slug, opts) {
      const res = await call({
        method: 'POST',
        url: '/api/group_list/',
        token: admin.access,
        payload: { slug, name: slug },
      });
      if (res.statusCode !== 201) throw new Error(`create group failed: ${res.body}`);
      const id: number = res.json().id;
      if (!opts?.dutyList)
        await db.query(`DELETE FROM distribution_lists WHERE group_id = $1 AND builtin = 'duty'`, [id]);
      return id;
    },
    async createFeed(name) {
      const res = await call({ method: 'POST', url: '/api/feeds/', token: admin.access, payload: { name } });
      if (res.statusCode !== 201) throw new Error(`create feed failed: ${res.body}`);
      return res.json().key;
    },
    async ingest(feedKey, strokes) {
      const res = await call({
        method: 'POST',
        url: '/api/ingest/strokes',
        headers: { 'x-feed-key': feedKey },
        payload: strokes as unknown[],
      });
      if (res.statusCode !== 200) throw new Error(`ingest failed (${res.statusCode}): ${res.body}`);
      return res.json().accepted;
    },
    async close() {
      await app.close();
      if (!opts.db) await db.close();
    },
  };
  return t;
}
