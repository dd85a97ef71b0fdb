import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerWebApp } from './web-app.js';

let dist: string;
let app: FastifyInstance;

beforeAll(async () => {
  dist = await mkdtemp(path.join(tmpdir(), 'tw-web-dist-'));
  await mkdir(path.join(dist, 'assets/basemap-abc/world/0/0'), { recursive: true });
  await writeFile(path.join(dist, 'index.html'), '<!doctype html><title>app</title>');
  await writeFile(path.join(dist, 'assets/basemap-abc/world/0/0/0.pbf'), Buffer.from([0x1a, 0x00]));
  app = Fastify();
  await registerWebApp(app, dist);
});
afterAll(async () => {
  await app.close();
  await rm(dist, { recursive: true, force: true });
});

describe('the web app', () => {
  it.each([
    [
      'a hashed asset, cached for a year',
      '/assets/basemap-abc/world/0/0/0.pbf',
      200,
      'public, max-age=31536000, immutable',
    ],
    ['a route of the app: its page', '/alert_history', 200, 'no-cache'],
    ['a missing asset: not the page', '/assets/basemap-old/world/3/6/3.pbf', 404, undefined],
    ['an unknown API path', '/api/nothing', 404, undefined],
  ])('answers %s', async (_, url, status, cache) => {
    const res = await app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(status);
    if (cache) expect(res.headers['cache-control']).toBe(cache);
    if (status === 404) expect(res.body).not.toContain('<title>app</title>');
  });
});
