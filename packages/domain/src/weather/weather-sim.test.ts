import { describe, expect, it } from 'vitest';
import { parseTyphoonText } from './typhoon-parse.js';
import {
  pressureOfWind,
  SIM_BUOYS,
  SIM_TYPHOON_CYCLE_MS,
  SIM_WEATHER_STATIONS,
  simGenesisMs,
  simObservation,
  simStormAt,
  simTyphoonAtcf,
  simWaveReading,
  simWindAt,
} from './weather-sim.js';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const genesis = simGenesisMs(Date.UTC(2026, 7, 1));

describe('the demo typhoon', () => {
  it.each([
    // [hours after genesis, grade expected from the wind]
    [0, 15, 'TD'],
    [2.4 * 24, 50, 'STY'],
    [3.4 * 24, 40, 'STS'],
  ])('at +%s h has %s m/s', (h, wind) => {
    expect(simStormAt(h * HOUR)?.windMs).toBeCloseTo(wind, 5);
  });

  it('is gone before genesis and after its last waypoint', () => {
    expect(simStormAt(-1)).toBeNull();
    expect(simStormAt(4 * DAY + 1)).toBeNull();
  });

  it.each([
    // Atkinson & Holliday: 100 kt ≈ 944 hPa, 30 kt ≈ 1000 hPa
    [100, 944],
    [30, 1000],
  ])('%s kt gives a central pressure of about %s hPa', (kt, hpa) => {
    expect(Math.abs(pressureOfWind(kt * (1852 / 3600)) - hpa)).toBeLessThanOrEqual(2);
  });

  it('is written as an ATCF deck our parser reads back: 6-hourly track up to now and a forecast', () => {
    const now = genesis + 2 * DAY + 3 * HOUR;
    const parsed = parseTyphoonText(simTyphoonAtcf(now));
    expect(parsed.errors).toEqual([]);
    expect(parsed.format).toBe('atcf');
    const [storm] = parsed.storms;
    expect(storm?.track).toHaveLength(9); // 0, 6, …, 48 h
    expect(storm?.track.at(-1)?.time).toBe(genesis + 2 * DAY);
    // The storm dies 4 days after genesis: no 72-h point from day 2.
    expect(storm?.forecast.map((p) => p.leadH)).toEqual([12, 24, 36, 48]);
    expect(storm?.nameEn).toBe('DEMO');
    const last = storm?.track.at(-1);
    expect(last?.grade).toBe('STY');
    // The gale radius is there and larger in the storm's right-front quadrants.
    const r34 = last?.radii.find((r) => r.kt === 34);
    expect(r34?.neKm).toBeGreaterThan(r34?.swKm ?? Infinity);
    expect(r34?.swKm).toBeGreaterThan(100);
  });

  it('keeps the forecast inside the storm’s life near its end', () => {
    const parsed = parseTyphoonText(simTyphoonAtcf(genesis + 3.5 * DAY));
    expect(parsed.storms[0]?.forecast.map((p) => p.leadH)).toEqual([12]);
  });

  it('is the same storm however often it is regenerated within its cycle', () => {
    const a = parseTyphoonText(simTyphoonAtcf(genesis + DAY)).storms[0];
    const b = parseTyphoonText(simTyphoonAtcf(genesis + 2 * DAY)).storms[0];
    expect(a?.key).toBe(b?.key);
    expect(b?.track.slice(0, a?.track.length)).toEqual(a?.track);
    const next = parseTyphoonText(simTyphoonAtcf(genesis + SIM_TYPHOON_CYCLE_MS + HOUR)).storms[0];
    expect(next?.key).not.toBe(a?.key);
  });
});

describe('the demo stations', () => {
  const landfall = genesis + 3.4 * DAY;

  it('blow hardest near the landfall and calm far from the storm', () => {
    const yangjiang = SIM_WEATHER_STATIONS.find((s) => s.id === 'SIM-YANGJIANG');
    const swatow = SIM_WEATHER_STATIONS.find((s) => s.id === 'SIM-SWATOW');
    if (!yangjiang || !swatow) throw new Error('stations missing');
    const near = simObservation(yangjiang, landfall);
    const far = simObservation(swatow, landfall);
    expect(near.wind_speed).toBeGreaterThan(20);
    expect(far.wind_speed as number).toBeLessThan(near.wind_speed as number);
    expect(near.pressure).toBeLessThan(far.pressure as number);
    expect(near.precipitation).toBeGreaterThan(0);
    expect(near.wind_gust as number).toBeGreaterThan(near.wind_speed as number);
  });

  it('turns counter-clockwise round the centre', () => {
    const storm = simStormAt(DAY);
    if (!storm) throw new Error('no storm');
    // North of the centre the wind comes from the east-north-east, south of it from the west-south-west.
    const north = simWindAt(storm.lat + 1, storm.lon, genesis + DAY);
    const south = simWindAt(storm.lat - 1, storm.lon, genesis + DAY);
    expect(north.fromDeg).toBeGreaterThan(45);
    expect(north.fromDeg).toBeLessThan(100);
    expect(south.fromDeg).toBeGreaterThan(225);
    expect(south.fromDeg).toBeLessThan(280);
  });

  it('gives readings inside the ingest’s ranges and the same reading for the same time', () => {
    for (let t = genesis; t < genesis + SIM_TYPHOON_CYCLE_MS; t += 3 * HOUR) {
      for (const s of SIM_WEATHER_STATIONS) {
        const o = simObservation(s, t);
        expect(o.wind_speed).toBeLessThanOrEqual(120);
        expect(o.humidity).toBeLessThanOrEqual(100);
        expect(o.pressure).toBeGreaterThan(900);
      }
      for (const b of SIM_BUOYS) {
        const w = simWaveReading(b, t);
        expect(w.wave_height).toBeGreaterThanOrEqual(0.8);
        expect(w.wave_height).toBeLessThanOrEqual(16);
      }
    }
    expect(simObservation(SIM_WEATHER_STATIONS[0] as never, landfall)).toEqual(
      simObservation(SIM_WEATHER_STATIONS[0] as never, landfall),
    );
  });

  it('raises the sea with the wind', () => {
    const b = SIM_BUOYS.find((x) => x.id === 'SIM-B2');
    if (!b) throw new Error('buoy missing');
    const calm = simWaveReading(b, genesis + 6 * HOUR);
    const storm = simWaveReading(b, landfall - 2 * HOUR);
    expect(storm.wave_height as number).toBeGreaterThan((calm.wave_height as number) + 2);
    expect(storm.dominant_period as number).toBeGreaterThan(calm.dominant_period as number);
  });
});
