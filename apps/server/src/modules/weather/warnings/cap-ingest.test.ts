import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS, startTestApp, type TestApp } from '../../../test/harness.js';
import { cmaAlert } from './fixtures/cma-alert.js';

// Fixtures: see fixtures/SOURCES.md.
const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url));

interface Outcome {
  identifier: string | null;
  outcome: string;
  id: number | null;
  reason: string | null;
}

/** What POST /api/ingest/cap refuses and why, feeds answered per alert, and retention. */
describe.each(DB_KINDS)('CAP ingest (%s)', (kind) => {
  let t: TestApp;
  let feed: string;
  const clock = { now: new Date('2024-06-01T02:00:00Z') };

  beforeAll(async () => {
    t = await startTestApp(kind, { now: () => clock.now });
    feed = await t.createFeed('cap');
  });
  afterAll(() => t.close());

  const ingest = (payload: string | Buffer, type = 'application/cap+xml') =>
    t.call({
      method: 'POST',
      url: '/api/ingest/cap',
      headers: { 'content-type': type, 'x-feed-key': feed },
      payload,
    });

  it('refuses a CAP with an external entity (XXE), naming it', async () => {
    const res = await ingest(fixture('google-xee.cap'));
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('cap.doctype_refused');
    expect(res.json().error.message).toMatch(/<!DOCTYPE> is refused/);
  });

  it.each([
    ['wis2box-tg-invalid_schema.xml', /not valid CAP 1\.2: line \d+: .*audience.*certainty/],
    ['google-invalid.cap', /not valid CAP 1\.2/],
    ['wis2box-sc-invalid_digest.xml', /digest mismatch/],
    ['wis2box-sc-invalid_signature.xml', /signature value does not verify/],
  ])('refuses %s with the reason (400)', async (name, reason) => {
    const res = await ingest(fixture(name));
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ code: 'cap.invalid', message: expect.stringMatching(reason) });
  });

  it('accepts the signed wis2box alert (any CAP content type, with a charset)', async () => {
    const res = await ingest(fixture('wis2box-sc-valid.xml'), 'application/xml; charset=utf-8');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ format: 'alert', alerts: [{ outcome: 'accepted', reason: null }] });
  });

  it('answers a feed per alert: good ones stored, bad and linked ones refused with the reason', async () => {
    const good = cmaAlert({ id: 'sz-2024-0100', sent: '2024-06-01T12:00:00+08:00' }).replace(
      /^<\?xml[^>]*>\s*/,
      '',
    );
    const bad = good.replace('sz-2024-0100', 'sz-2024-0101').replace(/<certainty>Likely<\/certainty>/, '');
    const atom = `<?xml version="1.0" encoding="UTF-8"?>
<feed xmlns="http://www.w3.org/2005/Atom"><id>urn:test</id><title>t</title><updated>2024-06-01T04:00:00Z</updated>
<entry><id>e1</id><content type="text/xml">${good}</content></entry>
<entry><id>e2</id><content type="text/xml">${bad}</content></entry>
<entry><id>e3</id><link href="https://example.org/cap/3.xml"/></entry>
</feed>`;
    const res = await ingest(atom, 'application/atom+xml');
    expect(res.statusCode).toBe(200);
    const outcomes = res.json().alerts as Outcome[];
    expect(res.json().format).toBe('atom');
    expect(outcomes.map((o) => o.outcome)).toEqual(['accepted', 'refused', 'refused']);
    expect(outcomes[1]?.reason).toMatch(/not valid CAP 1\.2: .*certainty/);
    expect(outcomes[2]?.reason).toMatch(/linked alert not fetched \(https:\/\/example\.org\/cap\/3\.xml\)/);
    const again = await ingest(atom, 'application/atom+xml');
    expect((again.json().alerts as Outcome[])[0]).toMatchObject({ outcome: 'updated', id: outcomes[0]?.id });
  });

  it('refuses a body over 2 MB with 413 and other content types with 415', async () => {
    const big = cmaAlert({ id: 'big', sent: '2024-06-01T12:00:00+08:00' }).replace(
      '<description>',
      `<description>${'x'.repeat(2 * 1024 * 1024)}`,
    );
    expect((await ingest(big)).statusCode).toBe(413);
    expect((await ingest('<alert/>', 'text/plain')).statusCode).toBe(415);
    expect((await ingest('<alert/>', 'application/xml')).statusCode).toBe(400);
  });

  it('refuses 200,000 nested elements with 400 cap.too_deep naming the limit, and stays answering', async () => {
    const res = await ingest(`${'<a>'.repeat(200_000)}${'</a>'.repeat(200_000)}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({
      code: 'cap.too_deep',
      message: 'elements nested: 33 (at most 32)',
      details: [{ field: 'body', message: 'elements nested: 33 (at most 32)' }],
    });
    expect((await t.call({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
  });

  it('needs a feed key', async () => {
    const res = await t.call({
      method: 'POST',
      url: '/api/ingest/cap',
      headers: { 'content-type': 'application/cap+xml' },
      payload: fixture('wis2box-sc-no_signature.xml'),
    });
    expect(res.statusCode).toBe(401);
  });

  it('deletes warnings closed longer ago than the retention, with their alarms', async () => {
    const res = await ingest(
      cmaAlert({ id: 'old', sent: '2024-05-01T09:00:00+08:00', expires: '2024-05-01T12:00:00+08:00' }),
    );
    const id = res.json().alerts[0].id as number;
    const purge = (before: string) => t.app.services.weatherWarnings.purgeClosedBefore(new Date(before));
    expect(await purge('2024-04-30T00:00:00Z')).toBe(0);
    expect(await purge('2024-05-02T00:00:00Z')).toBeGreaterThanOrEqual(1);
    expect(
      (await t.call({ method: 'GET', url: `/api/weather/warning/${id}`, token: t.admin.access })).statusCode,
    ).toBe(404);
    // Open ones stay.
    const open = await t.call({ method: 'GET', url: '/api/weather/warning?active=1', token: t.admin.access });
    expect(open.json().warnings.length).toBeGreaterThan(0);
  });
});
