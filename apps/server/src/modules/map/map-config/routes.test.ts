import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/harness.js';

const KEY = '0123456789abcdef0123456789abcdef';

/** One directive's sources from a Content-Security-Policy header. */
function directive(header: unknown, name: string): string[] {
  const found = String(header)
    .split(';')
    .map((d) => d.trim().split(/\s+/))
    .find(([n]) => n === name);
  return found?.slice(1) ?? [];
}

// The route touches no database: the embedded one is enough.
describe('GET /api/map_config', () => {
  let offline: TestApp;
  let tianditu: TestApp;
  beforeAll(async () => {
    offline = await startTestApp('embedded');
    tianditu = await startTestApp('embedded', { env: { BASEMAP: 'tianditu', TIANDITU_KEY: KEY } });
  });
  afterAll(async () => {
    await offline?.close();
    await tianditu?.close();
  });

  it('needs a signed-in caller', async () => {
    const res = await offline.call({ method: 'GET', url: '/api/map_config' });
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe('auth.missing_token');
  });

  it('tells a signed-in user the basemap is offline by default, and the page may reach no tile host', async () => {
    const user = await offline.createUser({ role: 'viewer' });
    const res = await offline.call({ method: 'GET', url: '/api/map_config', token: user.access });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      basemap: { name: 'offline', tiles: [], labels: null, tilejson: null, attribution: '' },
    });
    // blob: the live map's strokes, handed to MapLibre's worker as a blob it fetches.
    expect(directive(res.headers['content-security-policy'], 'connect-src')).toEqual([
      "'self'",
      'blob:',
      'ws:',
      'wss:',
    ]);
    expect(directive(res.headers['content-security-policy'], 'img-src')).toEqual([
      "'self'",
      'data:',
      'blob:',
    ]);
  });

  it('hands out the configured online basemap and opens the CSP to its hosts only', async () => {
    const res = await tianditu.call({ method: 'GET', url: '/api/map_config', token: tianditu.admin.access });
    const { basemap } = res.json();
    expect(basemap.name).toBe('tianditu');
    expect(basemap.tiles[0]).toContain(`/vec_w/wmts?`);
    expect(basemap.tiles[0]).toContain(`tk=${KEY}`);
    expect(basemap.labels['zh-Hans'][0]).toContain('/cva_w/');
    expect(basemap.labels.en[0]).toContain('/eva_w/');
    const hosts = Array.from({ length: 8 }, (_, i) => `https://t${i}.tianditu.gov.cn`);
    const csp = res.headers['content-security-policy'];
    expect(directive(csp, 'connect-src')).toEqual(["'self'", 'blob:', 'ws:', 'wss:', ...hosts]);
    expect(directive(csp, 'img-src')).toEqual(["'self'", 'data:', 'blob:', ...hosts]);
  });
});
