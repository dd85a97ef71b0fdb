import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Queryable } from '../../../../db/database.js';
import { MESSAGES } from '../../../../message-catalogue.js';
import { DB_KINDS, startTestApp, type TestApp } from '../../../../test/harness.js';
import { delivery } from '../../../../test/notification-test-kit.js';
import { ChannelRegistry } from '../channels/channel-registry.js';
import { type RobotReceiver, robotConfig, startRobotReceiver } from '../channels/fixtures/robot-receiver.js';
import { DINGTALK } from '../channels/robots/dingtalk.js';
import { RobotChannel } from '../channels/robots/robot-channel.js';
import { DeliveryClaimsRepo } from '../delivery-claims-repo.js';
import { DeliveryWorker } from '../delivery-worker.js';
import { type NewDelivery, OutboxRepo } from '../outbox-repo.js';

/**
 * A test message is written already claimed and sent at once. Another node's worker polling the outbox
 * must never take it in between: it did, the message's id came back NaN, and recording how the robot's 404
 * went failed with `invalid input syntax for type bigint: "NaN"`.
 */
describe.each(DB_KINDS)('a test message another worker polls meanwhile (%s)', (kind) => {
  let t: TestApp;
  let robot: RobotReceiver;
  const now = new Date('2026-11-23T02:00:00Z');

  beforeAll(async () => {
    robot = await startRobotReceiver(() => ({ status: 404, body: 'no such robot' }));
    t = await startTestApp(kind, { now: () => now, env: { NOTIFY_WORKER: 'off' } });
  });
  afterAll(async () => {
    await t.close();
    await robot.close();
  });

  it('is recorded as failed with its attempt, not lost to a NaN id', async () => {
    const otherNode = new DeliveryClaimsRepo(t.db);
    const claimedElsewhere: number[] = [];
    // The other node claims right after each statement that writes deliveries, as its poll might.
    const racing: Queryable = {
      async query(sql, params) {
        const result = await t.db.query(sql, params);
        if (/^\s*INSERT INTO deliveries/.test(sql)) {
          const got = await otherNode.claim({
            now,
            leaseUntil: new Date(now.getTime() + 60_000),
            slots: new Map([['dingtalk', 16]]),
          });
          claimedElsewhere.push(...got.map((d) => d.id));
        }
        return result as never;
      },
    };
    const address = `${robot.base}/robot/send?access_token=tok1`;
    const row: NewDelivery = delivery({
      idempotencyKey: 'test:race-1',
      groupId: t.demoGroupId,
      channel: 'dingtalk',
      recipientKind: 'dingtalk',
      recipientValue: address,
      address,
      payload: { event: 'test', at: now.toISOString(), board_url: 'http://127.0.0.1/realtimealert' },
      createdAt: now,
      nextAttemptAt: now,
    });
    const id = await new OutboxRepo(racing).insertClaimed(row, new Date(now.getTime() + 60_000));
    expect(Number.isSafeInteger(id)).toBe(true);
    expect(claimedElsewhere).toEqual([]);

    const worker = new DeliveryWorker({
      claims: new DeliveryClaimsRepo(t.db),
      channels: new ChannelRegistry([new RobotChannel(DINGTALK, robotConfig(now))]),
      messages: MESSAGES,
      now: () => now,
      log: { error: () => {}, warn: () => {} },
      maxAttempts: 3,
      leaseMs: 60_000,
    });
    const outcome = await worker.deliver({
      ...row,
      id,
      tier: 0,
      attempts: 1,
      channelOptions: {},
      alarmConfirmed: false,
    });
    expect(outcome).toMatchObject({ status: 'failed' });
    expect(outcome.error).toContain('404');
    expect(robot.seen).toHaveLength(1);
    const { rows } = await t.db.query<{ status: string; attempts: number; tries: number }>(
      `SELECT status, attempts, (SELECT count(*)::int FROM delivery_attempts WHERE delivery_id = d.id) AS tries
       FROM deliveries d WHERE idempotency_key = 'test:race-1'`,
    );
    expect(rows).toEqual([{ status: 'failed', attempts: 1, tries: 1 }]);
  });
});
