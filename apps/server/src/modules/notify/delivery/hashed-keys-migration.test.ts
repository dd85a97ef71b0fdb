import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIGRATIONS_DIR, splitStatements } from '../../../db/migrate.js';
import { DB_KINDS, startTestApp, type TestApp } from '../../../test/harness.js';
import { targetHash } from './target-hash.js';

const ROBOT = 'https://93.184.216.34/robot/send?access_token=oldtoken51c9e2';

/** Keys written before migration 035 named their target; the migration leaves none that does. */
describe.each(DB_KINDS)('migration 035: hashed delivery keys (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind, { env: { NOTIFY_WORKER: 'off' } });
  });
  afterAll(() => t.close());

  const plant = async (key: string, recipientKind: string, value: string, event = 'weather_warning') => {
    const channel = recipientKind === 'user' ? 'inapp' : recipientKind;
    const { rows } = await t.db.query<{ id: string }>(
      `INSERT INTO deliveries (idempotency_key, group_id, event, channel, recipient_kind, recipient_value, address,
         payload, next_attempt_at, created_at, status)
       VALUES ($1, $2, $3, $4, $5, $6, $6, '{}', now(), now(), 'sent') RETURNING id`,
      [key, t.demoGroupId, event, channel, recipientKind, value],
    );
    return Number(rows[0]?.id);
  };

  it('rewrites the target of every key and slot as its SHA-256, keeping the rest of the key', async () => {
    const robot = await plant(`weather_warning:9:t0:dingtalk:dingtalk:${ROBOT}`, 'dingtalk', ROBOT);
    await plant(`confirmed:12:t1:dingtalk:dingtalk:${ROBOT}`, 'dingtalk', ROBOT, 'alarm_confirmed');
    await plant('weather_warning:9:t0:inapp:user:5', 'user', '5');
    await plant('test:6b1f0a52-aaaa-bbbb-cccc-000000000001', 'dingtalk', ROBOT, 'test');
    await t.db.query(
      'INSERT INTO delivery_dedupe (key, delivery_id, at) VALUES ($1, $2, now()), ($3, 999999, now())',
      [`dingtalk:${ROBOT}:dingtalk:7:2`, robot, `wecom:${ROBOT}:wecom:7:2`],
    );

    const sql = await readFile(new URL('035_hashed_delivery_keys.sql', MIGRATIONS_DIR), 'utf8');
    await t.db.transaction(async (tx) => {
      for (const statement of splitStatements(sql)) await tx.query(statement);
    });

    const keys = (await t.db.query<{ k: string }>('SELECT idempotency_key AS k FROM deliveries ORDER BY id'))
      .rows;
    const h = targetHash(ROBOT);
    expect(keys.map((r) => r.k)).toEqual([
      `weather_warning:9:t0:dingtalk:dingtalk:${h}`,
      `confirmed:12:t1:dingtalk:dingtalk:${h}`,
      `weather_warning:9:t0:inapp:user:${targetHash('5')}`,
      'test:6b1f0a52-aaaa-bbbb-cccc-000000000001',
    ]);
    const slots = (await t.db.query<{ key: string }>('SELECT key FROM delivery_dedupe')).rows;
    expect(slots).toEqual([{ key: `dingtalk:${h}:dingtalk:7:2` }]);
  });
});
