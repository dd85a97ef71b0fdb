import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';

/**
 * `npm ci` warns (EBADENGINE) that three dependencies ask for Node ≥ 22: `content-disposition@3` (through
 * @fastify/static), `cookie@2` (through fastify's light-my-request, which `inject` uses) and
 * `@mapbox/jsonlint-lines-primitives@2.0.3` (through MapLibre's style spec, bundled for the browser, never
 * run by Node). The first two are ES modules that their CommonJS parents `require()`: Node runs that without a
 * flag from 20.19 (require(esm)), the version package.json's `engines` asks for. This proves the warning
 * harmless on the Node running the suite, through the same require paths the parents use (README says so).
 */
const [major = 0, minor = 0] = process.versions.node.split('.').map(Number);

describe('the Node this runs on', () => {
  it('is at least 20.19, as package.json says', () => {
    expect(major > 20 || (major === 20 && minor >= 19), process.versions.node).toBe(true);
  });

  it('loads content-disposition as @fastify/static requires it, and names a download', () => {
    const fromStatic = createRequire(createRequire(import.meta.url).resolve('@fastify/static'));
    const { create } = fromStatic('content-disposition') as { create: (name: string) => string };
    expect(create('雷电日报.pdf')).toBe(
      'attachment; filename="????.pdf"; filename*=UTF-8\'\'%E9%9B%B7%E7%94%B5%E6%97%A5%E6%8A%A5.pdf',
    );
  });

  it('loads cookie as light-my-request requires it, and writes a Set-Cookie', () => {
    const fromFastify = createRequire(createRequire(import.meta.url).resolve('fastify'));
    const fromInject = createRequire(fromFastify.resolve('light-my-request'));
    const { stringifySetCookie } = fromInject('cookie') as {
      stringifySetCookie: (c: { name: string; value: string }) => string;
    };
    expect(stringifySetCookie({ name: 'tw', value: 'on duty' })).toBe('tw=on%20duty');
  });
});
