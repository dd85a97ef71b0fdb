import type { FastifyBaseLogger } from 'fastify';
import type { Lease, Singleton } from '../../../db/singleton.js';
import { SerialRuns } from '../../../lib/serial-runs.js';

/** How many alarms one evaluation raised (or told again) and cleared. */
export interface Evaluated {
  raised: number;
  cleared: number;
}

/**
 * One kind of alarm that is judged from what its area watches (typhoon tracks, wave heights, aircraft,
 * official warnings), not from strokes: evaluated every `everyMs` and when its area asks (after an ingest,
 * with a `hint` of what changed). The ring engine is the stroke-driven source and runs on its own.
 */
export interface AlarmSource<H = unknown> {
  readonly name: string;
  readonly everyMs: number;
  evaluate(now: Date, hint?: H): Promise<Evaluated>;
}

/**
 * The one evaluator of every `AlarmSource`: a singleton (one node of a cluster runs its timers), each source's
 * runs one after another (an evaluation reads the open alarms, then writes). An ingest on any node asks for an
 * evaluation at once (`evaluateLogged`); the database keeps one open alarm per kind, subject and site, so two
 * nodes evaluating together write one alarm and one set of messages.
 */
export class AlarmEvaluator implements Singleton {
  readonly name = 'alarm-evaluator';
  private readonly runs = new Map<string, { source: AlarmSource; runs: SerialRuns }>();

  constructor(
    sources: readonly AlarmSource[],
    private readonly d: { now: () => Date; log: FastifyBaseLogger },
  ) {
    for (const source of sources) {
      const runs = new SerialRuns({
        everyMs: source.everyMs,
        due: () => source.evaluate(d.now()),
        what: `${source.name} alarm evaluation`,
        log: d.log,
      });
      this.runs.set(source.name, { source, runs });
    }
  }

  async start(_lease: Lease): Promise<void> {
    for (const { runs } of this.runs.values()) runs.start();
  }

  async stop(): Promise<void> {
    await Promise.all([...this.runs.values()].map(({ runs }) => runs.stop()));
  }

  /** One evaluation of `name` after those under way; how many alarms it raised and cleared. */
  evaluate<H>(name: string, hint?: H): Promise<Evaluated> {
    const { source, runs } = this.sourceOf(name);
    return runs.run(() => source.evaluate(this.d.now(), hint));
  }

  /** As `evaluate`, a failure logged instead (the next ingest or timer tries again). */
  evaluateLogged<H>(name: string, hint?: H): Promise<void> {
    const { source, runs } = this.sourceOf(name);
    return runs.logged(() => source.evaluate(this.d.now(), hint));
  }

  private sourceOf(name: string) {
    const entry = this.runs.get(name);
    if (!entry) throw new Error(`No alarm source ${name}`);
    return entry;
  }
}
