import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS, startTestApp, type TestApp, type TestUser } from '../../../test/harness.js';

/** A lightning report keeps the zone it counts in: the asked one, else the deployment's TIME_ZONE. */
describe.each(DB_KINDS)('report time zones (%s)', (kind) => {
  let t: TestApp;
  let op: TestUser;
  beforeAll(async () => {
    t = await startTestApp(kind, {
      now: () => new Date('2026-08-01T00:00:00Z'),
      env: { TIME_ZONE: 'Europe/Berlin', REPORT_POLL_MS: '600000' },
    });
    op = await t.createUser({ role: 'operator', groupId: await t.createGroup(`rtz-${kind}`) });
  });
  afterAll(() => t.close());
  const make = (parameters: Record<string, unknown>) =>
    t.call({ method: 'POST', url: '/api/insight/report/', token: op.access, payload: parameters });
  const monthly = { template: 'region_monthly', region: '440000', month: '2026-06', language: 'en' };

  it('keeps the asked zone, fills in TIME_ZONE, and refuses an unknown one naming time_zone', async () => {
    const asked = await make({ ...monthly, time_zone: 'Asia/Shanghai' });
    expect(asked.statusCode, asked.body).toBe(202);
    expect(asked.json().parameters.time_zone).toBe('Asia/Shanghai');
    const plain = await make(monthly);
    expect(plain.statusCode, plain.body).toBe(202);
    expect(plain.json().parameters.time_zone).toBe('Europe/Berlin');
    const bad = await make({ ...monthly, time_zone: 'Mars/Olympus' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.details[0].field).toBe('time_zone');
  });
});
