import * as fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ReadGate } from './heavy-reads.js';

/** One request at the gate as a test drives it: waiting, holding a place, or done. */
interface Request {
  client: AbortController;
  state: 'waiting' | 'holding' | 'done';
  release?: () => void;
}

type Step =
  | { kind: 'arrive' }
  | { kind: 'finish'; pick: number; twice: boolean }
  | { kind: 'client_leaves'; pick: number }
  | { kind: 'error'; pick: number }
  | { kind: 'time_passes'; ms: number };

const step: fc.Arbitrary<Step> = fc.oneof(
  fc.constant<Step>({ kind: 'arrive' }),
  fc.record({ kind: fc.constant('finish' as const), pick: fc.nat(), twice: fc.boolean() }),
  fc.record({ kind: fc.constant('client_leaves' as const), pick: fc.nat() }),
  fc.record({ kind: fc.constant('error' as const), pick: fc.nat() }),
  fc.record({ kind: fc.constant('time_passes' as const), ms: fc.integer({ min: 1, max: 1_500 }) }),
);

const settle = async () => {
  for (let i = 0; i < 5; i++) await Promise.resolve();
};

describe('ReadGate under random interleavings', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('gives every place back exactly once: admitted then finished, aborted or errored; left or timed out while waiting', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 3 }),
        fc.integer({ min: 1, max: 4 }),
        fc.array(step, { maxLength: 60 }),
        async (capacity, maxWaiting, steps) => {
          const gate = new ReadGate(capacity, maxWaiting, 1_000);
          const requests: Request[] = [];
          const live = (states: Request['state'][]) => requests.filter((r) => states.includes(r.state));
          const pickOf = (pick: number, states: Request['state'][]) => {
            const among = live(states);
            return among.length ? among[pick % among.length] : undefined;
          };
          for (const s of steps) {
            if (s.kind === 'arrive') {
              const r: Request = { client: new AbortController(), state: 'waiting' };
              requests.push(r);
              gate.acquire(r.client.signal).then(
                (release) => {
                  // As the plugin does: a client that left as its place came gives it back at once.
                  if (r.client.signal.aborted) {
                    release();
                    r.state = 'done';
                  } else {
                    r.state = 'holding';
                    r.release = release;
                  }
                },
                () => {
                  r.state = 'done';
                },
              );
            } else if (s.kind === 'finish' || s.kind === 'error') {
              const r = pickOf(s.pick, ['holding']);
              if (r) {
                r.release?.();
                if (s.kind === 'finish' && s.twice) r.release?.();
                r.state = 'done';
              }
            } else if (s.kind === 'client_leaves') {
              const r = pickOf(s.pick, ['waiting', 'holding']);
              if (r) {
                r.client.abort(new Error('client left'));
                // A holder's response closes: the plugin's `close` listener releases it.
                if (r.state === 'holding') {
                  r.release?.();
                  r.state = 'done';
                }
              }
            } else {
              vi.advanceTimersByTime(s.ms);
            }
            await settle();
            const holding = live(['holding']).length;
            const waiting = live(['waiting']).length;
            expect(gate.state).toEqual({ running: holding, waiting });
            // A client that left is out of the queue at once (it would otherwise be granted a place later).
            expect(live(['waiting']).filter((r) => r.client.signal.aborted)).toEqual([]);
            expect(holding).toBeLessThanOrEqual(capacity);
            // No place lies idle while someone waits for it.
            if (waiting > 0) expect(holding).toBe(capacity);
          }
          for (const r of live(['holding'])) r.release?.();
          await settle();
          vi.advanceTimersByTime(1_001);
          await settle();
          for (const r of live(['holding'])) r.release?.();
          await settle();
          expect(gate.state).toEqual({ running: 0, waiting: 0 });
        },
      ),
      { numRuns: 300 },
    );
  });

  it('a waiter whose signal aborts leaves the queue and never holds a place', async () => {
    const gate = new ReadGate(1, 4, 1_000);
    const hold = await gate.acquire();
    const client = new AbortController();
    const waiting = gate.acquire(client.signal);
    expect(gate.state).toEqual({ running: 1, waiting: 1 });
    client.abort(new Error('gone'));
    await expect(waiting).rejects.toThrow('gone');
    expect(gate.state).toEqual({ running: 1, waiting: 0 });
    hold();
    expect(gate.state).toEqual({ running: 0, waiting: 0 });
    await expect(gate.acquire(client.signal)).rejects.toThrow('gone');
    expect(gate.state).toEqual({ running: 0, waiting: 0 });
  });
});
