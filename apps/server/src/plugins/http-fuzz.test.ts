import * as fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS, startTestApp, type TestApp } from '../test/harness.js';
import { answerProblem, fuzzRequests, fuzzRoutes } from '../test/http-fuzz-cases.js';

/** Cases per property here; a failing case is shrunk and printed with its seed. */
const RUNS = Number(process.env.HTTP_FUZZ_RUNS ?? 300);

describe.each(DB_KINDS)('random requests to every route (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(() => t.close());

  it('never answers 500 (or another undocumented 5xx); errors come in the documented shape', async () => {
    const all = fuzzRoutes(t.app.routeTable);
    expect(all.length).toBeGreaterThan(40);
    await fc.assert(
      fc.asyncProperty(fuzzRequests(fc, all), async (request) => {
        const res = await t.call({
          method: request.method as 'GET',
          url: request.url,
          token: t.admin.access,
          ...(request.body
            ? { headers: { 'content-type': request.body.type }, payload: request.body.payload }
            : {}),
        });
        const problem = answerProblem(res.statusCode, String(res.headers['content-type']), res.body);
        expect(problem, `${request}: ${res.body}`).toBeNull();
      }),
      { numRuns: RUNS },
    );
  }, 600_000);
});
