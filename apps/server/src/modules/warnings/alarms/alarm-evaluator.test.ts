import { describe, expect, it } from 'vitest';
import type { Lease } from '../../../db/singleton.js';
import { AlarmEvaluator, type AlarmSource } from './alarm-evaluator.js';

const log = { error: () => {} } as never;
const lease = {} as Lease;

/** A source that records when each of its evaluations starts and ends, taking `ms` each. */
function recordingSource(name: string, everyMs: number, ms: number) {
  const events: string[] = [];
  const hints: unknown[] = [];
  const source: AlarmSource = {
    name,
    everyMs,
    async evaluate(_now, hint) {
      hints.push(hint);
      events.push('start');
      await new Promise((r) => setTimeout(r, ms));
      events.push('end');
      return { raised: 1, cleared: 0 };
    },
  };
  return { source, events, hints };
}

describe('the alarm evaluator', () => {
  it('runs one source’s evaluations one after another, asked for or due, with what the ingest named', async () => {
    const wave = recordingSource('wave', 60_000, 20);
    const evaluator = new AlarmEvaluator([wave.source], { now: () => new Date(), log });
    const answers = await Promise.all([
      evaluator.evaluate('wave', ['B1']),
      evaluator.evaluate('wave', ['B2']),
      evaluator.evaluateLogged('wave'),
    ]);
    expect(answers.slice(0, 2)).toEqual([
      { raised: 1, cleared: 0 },
      { raised: 1, cleared: 0 },
    ]);
    expect(wave.events).toEqual(['start', 'end', 'start', 'end', 'start', 'end']);
    expect(wave.hints).toEqual([['B1'], ['B2'], undefined]);
  });

  it('runs each source on its own timer once started, and stops them all', async () => {
    const fast = recordingSource('flight', 30, 1);
    const slow = recordingSource('typhoon', 60_000, 1);
    const evaluator = new AlarmEvaluator([fast.source, slow.source], { now: () => new Date(), log });
    await evaluator.start(lease);
    await expect.poll(() => fast.events.length, { timeout: 10_000 }).toBeGreaterThanOrEqual(4);
    await evaluator.stop();
    const ran = fast.events.length;
    expect(slow.events).toEqual([]);
    await new Promise((r) => setTimeout(r, 100));
    expect(fast.events.length).toBe(ran);
  });

  it('logs a failed evaluation and goes on; refuses a source it does not have', async () => {
    const failures: unknown[] = [];
    const broken: AlarmSource = {
      name: 'wave',
      everyMs: 60_000,
      evaluate: async () => {
        throw new Error('database gone');
      },
    };
    const evaluator = new AlarmEvaluator([broken], {
      now: () => new Date(),
      log: { error: (o: unknown) => failures.push(o) } as never,
    });
    await evaluator.evaluateLogged('wave');
    expect(failures).toHaveLength(1);
    await expect(evaluator.evaluate('wave')).rejects.toThrow('database gone');
    expect(() => evaluator.evaluate('tsunami')).toThrow('No alarm source tsunami');
  });
});
