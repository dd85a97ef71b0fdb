import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { AppError } from '../../../lib/app-error.js';
import { turnsWhile } from '../../../test/loop-turns.js';
import { capReader } from './cap-reader.js';
import { cmaAlert } from './fixtures/cma-alert.js';

// Under vitest the sources are TypeScript: the reader's thread runs the compiled worker of `npx tsc -b`.
const WORKER = new URL('../../../../dist/modules/weather/warnings/cap-worker.js', import.meta.url);
const log = { error: () => {} } as unknown as Parameters<typeof capReader>[0]['log'];

/** A valid alert with `n` parameters: 3n elements, all within the limits, slow to build a tree of. */
function manyParameters(n: number): Buffer {
  const pairs = Array.from(
    { length: n },
    (_, i) => `<parameter><valueName>CELL</valueName><value>${100000000 + i}</value></parameter>`,
  ).join('');
  const alert = cmaAlert({ id: 'many-parameters', sent: '2024-06-01T09:00:00+08:00' });
  return Buffer.from(alert.replace('<area>', `${pairs}<area>`));
}

describe('CAP reader thread', () => {
  const readers: ReturnType<typeof capReader>[] = [];
  const reader = (timeoutMs?: number) => {
    expect(existsSync(fileURLToPath(WORKER)), 'the compiled CAP worker (run npx tsc -b)').toBe(true);
    const r = capReader({ log, workerUrl: WORKER, timeoutMs });
    readers.push(r);
    return r;
  };
  afterAll(async () => {
    for (const r of readers) await r.close();
  });

  it('reads a large valid alert without holding the event loop', async () => {
    const body = manyParameters(18_000);
    const r = reader();
    // The thread started and its code loaded (once per process, not per body).
    await r.read(Buffer.from(cmaAlert({ id: 'warm', sent: '2024-06-01T09:00:00+08:00' })));
    // The loop keeps turning while the body is read: count the turns that come before the answer.
    const { result: read, turns } = await turnsWhile(() => r.read(body));
    expect(read.alerts[0], JSON.stringify(read.alerts[0]).slice(0, 300)).toMatchObject({ ok: true });
    // Inline, the tree and the fields hold the loop for the whole read (about 3 s here) and no turn comes
    // before the answer; on the thread the loop goes on. (The stall itself is measured in bench/cap.bench.mjs.)
    expect(turns).toBeGreaterThan(0);
  });

  it('answers the limits from the thread as the same 400s', async () => {
    const err = await reader()
      .read(Buffer.from(`${'<a>'.repeat(200_000)}${'</a>'.repeat(200_000)}`))
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AppError);
    expect(err).toMatchObject({
      code: 'cap.too_deep',
      statusCode: 400,
      message: 'elements nested: 33 (at most 32)',
    });
  });

  it('ends a read that takes too long with 503 cap.parse_timeout, and reads the next body', async () => {
    const r = reader(300);
    const err = await r.read(manyParameters(18_000)).catch((e: unknown) => e);
    expect(err).toMatchObject({ code: 'cap.parse_timeout', statusCode: 503 });
    // A fresh thread answers the next body (a refusal needs no schema, so it fits the short bound).
    const next = await r.read(Buffer.from('<a><b/></a>')).catch((e: unknown) => e);
    expect(next).toMatchObject({
      code: 'cap.invalid',
      message: expect.stringMatching(/neither a CAP alert/),
    });
  });
});
