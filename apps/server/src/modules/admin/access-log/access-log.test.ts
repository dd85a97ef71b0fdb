import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS, startTestApp, type TestApp, type TestUser } from '../../../test/harness.js';

describe.each(DB_KINDS)('access log (%s)', (kind) => {
  let t: TestApp;
  let groupAdmin: TestUser;
  let stranger: TestUser;
  beforeAll(async () => {
    t = await startTestApp(kind);
    groupAdmin = await t.createUser({ role: 'group_admin' });
    stranger = await t.createUser({ role: 'viewer', groupId: await t.createGroup('far-away') });
  });
  afterAll(() => t.close());

  const log = (token: string, query = '') => t.call({ method: 'GET', url: `/api/access_log${query}`, token });

  it('records every authenticated request with user, method, path, status, IP, agent and duration', async () => {
    await t.app.inject({
      method: 'GET',
      url: '/api/user_data?x=secret',
      remoteAddress: '203.0.113.7',
      headers: { authorization: `Bearer ${groupAdmin.access}`, 'user-agent': 'TestAgent/1.0' },
    });
    await t.call({ method: 'GET', url: '/api/group_user_list/?group_id=999999', token: groupAdmin.access });
    const page = (await log(groupAdmin.access, `?username=${groupAdmin.username}&limit=10`)).json();
    const entry = page.items.find((e: { path: string }) => e.path === '/api/user_data');
    expect(entry).toMatchObject({
      user_id: groupAdmin.id,
      username: groupAdmin.username,
      group_id: t.demoGroupId,
      method: 'GET',
      status: 200,
      ip: '203.0.113.7',
      user_agent: 'TestAgent/1.0',
    });
    expect(entry.duration_ms).toBeGreaterThanOrEqual(0);
    expect(page.items.some((e: { status: number }) => e.status === 404)).toBe(true);
  });

  it('filters by path, status, method and time and pages with a total', async () => {
    const byStatus = (await log(t.admin.access, '?status=404')).json();
    expect(byStatus.items.every((e: { status: number }) => e.status === 404)).toBe(true);
    const byPath = (await log(t.admin.access, '?path=user_data&method=GET')).json();
    expect(byPath.total).toBeGreaterThan(0);
    expect(byPath.items.every((e: { path: string }) => e.path.includes('user_data'))).toBe(true);
    const future = (
      await log(t.admin.access, `?from=${new Date(Date.now() + 3600_000).toISOString()}`)
    ).json();
    expect(future).toEqual({ items: [], total: 0 });
    const paged = (await log(t.admin.access, '?limit=1&offset=1')).json();
    expect(paged.items).toHaveLength(1);
    expect(paged.total).toBeGreaterThan(1);
    const bad = await log(t.admin.access, '?status=abc&limit=5000');
    expect(bad.statusCode).toBe(400);
    expect(
      bad
        .json()
        .error.details.map((d: { field: string }) => d.field)
        .sort(),
    ).toEqual(['limit', 'status']);
  });

  it('shows group admins their own group only, admins everything', async () => {
    await t.call({ method: 'GET', url: '/api/user_data', token: stranger.access });
    const mine = (await log(groupAdmin.access, '?limit=1000')).json();
    expect(mine.items.every((e: { group_id: number }) => e.group_id === t.demoGroupId)).toBe(true);
    const all = (await log(t.admin.access, '?limit=1000')).json();
    expect(all.items.some((e: { user_id: number }) => e.user_id === stranger.id)).toBe(true);
  });

  it('exports the filtered log as CSV', async () => {
    const res = await log(t.admin.access, '?format=csv&path=user_data');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toContain('access_log.csv');
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('time,username,user_id,group_id,method,path,status,ip,user_agent,duration_ms');
    expect(lines.length).toBeGreaterThan(1);
    expect(lines.slice(1).every((l) => l.includes('/api/user_data'))).toBe(true);
  });
});
