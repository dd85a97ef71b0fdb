import {
  type CellTrackerState,
  emptyTrackerState,
  flashesOfStrokes,
  stepCellTracker,
} from '../cells/cell-tracker.js';
import { sitePoint } from '../geo/site-point.js';
import { type DemoSite, engineStrokeOf, replayThroughEngine } from '../lightning/demo-day.js';
import { createLightningSimulator } from '../lightning/simulator.js';
import type { EngineStroke } from '../warnings/warning-engine.js';
import type { AircraftPosition } from './aircraft-position.js';
import { AIRPORT_RADIUS_KM, type FlightPair, flightAlarmStep, withinRadius } from './flight-alarms.js';
import { type FlightRaiseTelling, tellFlightRaises } from './flight-episodes.js';
import { HazardIndex } from './flight-hazard.js';

/** The flight alarm evaluation's period (the live `FLIGHT_ALARM_EVAL_MS`). */
const EVAL_MS = 10_000;
const MINUTE_MS = 60_000;
const HOUR_MS = 3_600_000;
/** The tracker clusters the flashes of the last 10 minutes. */
const FLASH_WINDOW_MS = 10 * MINUTE_MS;

export interface DemoFlightMessages {
  /** Flight alarms opened (one per aircraft entering a cell while the airport is orange or red). */
  alarms: number;
  /** Messages told: one per episode, pushed or in the app only. */
  messages: number;
  pushes: number;
  inAppOnly: number;
  /** Aircraft added to a running episode's message, once each (nothing sent). */
  joined: number;
  /** Per whole hour of the window: messages, and of them pushed. */
  perHour: { messages: number; pushes: number; alarms: number }[];
}

/**
 * The flight messages an airport of the demo tells over [fromMs, toMs): the simulator's storms through the
 * warning engine's rules (the airport's level), through the storm-cell tracker every minute (flashes only: the
 * live demo's simulated radar adds its echoes to the same cells), the demo's traffic (`traffic`, every 10 s
 * as the live evaluation), judged as the live flight alarms judge (`flightAlarmStep`) and told as they are
 * told (`episodeTelling`). `bench/demo-day.bench.mjs` prints it; its unit test holds the figures.
 */
export function measureDemoFlightMessages(o: {
  seed: number | string;
  worldStartMs: number;
  fromMs: number;
  toMs: number;
  sites: readonly DemoSite[];
  airportId: number;
  redAtMs?: number;
  traffic: (timeMs: number) => AircraftPosition[];
}): DemoFlightMessages {
  if (!(o.toMs > o.fromMs) || o.fromMs < o.worldStartMs)
    throw new RangeError('need worldStartMs <= fromMs < toMs');
  const airport = o.sites.find((s) => s.id === o.airportId);
  if (!airport) throw new RangeError(`no site ${o.airportId}`);
  const hotspots = o.sites.map((s) => sitePoint(s.shape));
  const world = () =>
    createLightningSimulator({ seed: o.seed, startMs: o.worldStartMs, hotspots, redAtMs: o.redAtMs });
  const { levelAt, episodeAt } = airportTimeline(world(), airport, o);

  const sim = world();
  const at = sitePoint(airport.shape);
  const hours = Math.ceil((o.toMs - o.fromMs) / HOUR_MS);
  const out: DemoFlightMessages = {
    alarms: 0,
    messages: 0,
    pushes: 0,
    inAppOnly: 0,
    joined: 0,
    perHour: Array.from({ length: hours }, () => ({ messages: 0, pushes: 0, alarms: 0 })),
  };
  let tracker: CellTrackerState = emptyTrackerState();
  let recent: EngineStroke[] = [];
  let index = new HazardIndex([], []);
  let open: FlightPair[] = [];
  const lastPushedAt = new Map<number, number>();
  const toldEpisode = new Map<number, string>();
  const toldAircraft = new Map<number, Set<string>>();
  // Warm the tracker up over the window's first 10 minutes' flashes before judging.
  for (let minute = o.fromMs - FLASH_WINDOW_MS; minute < o.toMs; minute += MINUTE_MS) {
    for (const s of sim.advance(minute)) recent.push(engineStrokeOf(s));
    recent = recent.filter((s) => s.timeMs > minute - FLASH_WINDOW_MS);
    const step = stepCellTracker(tracker, flashesOfStrokes(recent), minute);
    tracker = step.state;
    index = new HazardIndex(
      [],
      step.cells.map((c) => ({ id: c.id, ring: c.ring })),
    );
    for (let t = Math.max(o.fromMs, minute); t < Math.min(o.toMs, minute + MINUTE_MS); t += EVAL_MS) {
      const aircraft = withinRadius(at.lat, at.lon, AIRPORT_RADIUS_KM, o.traffic(t)).map((p) => ({
        icao24: p.icao24,
        locationId: airport.id,
        onGround: p.onGround,
        hazard: index.classify(p.lat, p.lon, t).hazard,
      }));
      const judged = flightAlarmStep({
        airports: [{ locationId: airport.id, level: levelAt(t) }],
        aircraft,
        open,
      });
      const episode = episodeAt(t);
      const tellings = tellFlightRaises({
        raises: judged.raise,
        warningEpisode: new Map(episode === null ? [] : [[airport.id, new Date(episode).toISOString()]]),
        toldEpisode,
        lastPushedAt,
        toldAircraft,
        now: new Date(t),
      });
      const cleared = new Set(judged.clear.map((p) => p.icao24));
      open = open.filter((a) => !cleared.has(a.icao24));
      const hour = out.perHour[Math.floor((t - o.fromMs) / HOUR_MS)] as DemoFlightMessages['perHour'][number];
      for (const [i, r] of judged.raise.entries()) {
        const told = tellings[i] as FlightRaiseTelling;
        open.push({ icao24: r.icao24, locationId: r.locationId });
        out.alarms++;
        hour.alarms++;
        out.joined += told.adds.length;
        // What the live rule reads back from the alarms: the episode told, its aircraft, the last push.
        if (toldEpisode.get(airport.id) !== told.episode) toldAircraft.set(airport.id, new Set());
        toldEpisode.set(airport.id, told.episode);
        for (const icao24 of [...told.lists, ...told.adds]) toldAircraft.get(airport.id)?.add(icao24);
        if (told.tell === 'none') continue;
        out.messages++;
        hour.messages++;
        if (told.pushed) {
          out.pushes++;
          hour.pushes++;
          lastPushedAt.set(airport.id, t);
        } else out.inAppOnly++;
      }
    }
  }
  return out;
}

/**
 * The airport's warning level at any time of the window, and the start of its warning episode (alert) then,
 * from the engine's rules on the same world.
 */
function airportTimeline(
  sim: ReturnType<typeof createLightningSimulator>,
  airport: DemoSite,
  o: { worldStartMs: number; fromMs: number; toMs: number },
): { levelAt: (timeMs: number) => number; episodeAt: (timeMs: number) => number | null } {
  const result = replayThroughEngine(sim, [airport], o).results[0];
  const steps = result?.steps ?? [];
  const episodes = result?.episodes ?? [];
  return {
    levelAt: (timeMs) => {
      let level = 0;
      for (const s of steps) {
        if (s.atMs > timeMs) break;
        level = s.level;
      }
      return level;
    },
    episodeAt: (timeMs) =>
      episodes.find((e) => e.startedMs <= timeMs && (e.endedMs === null || timeMs < e.endedMs))?.startedMs ??
      null,
  };
}
