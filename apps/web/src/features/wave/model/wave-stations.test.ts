import type { WaveData, WaveReading } from '@thunderwatch/shared/schemas/weather';
import { describe, expect, it } from 'vitest';
import {
  DOUGLAS_LEGEND,
  douglasColor,
  NO_HEIGHT_COLOR,
  waveStationFeatures,
} from '../../../map/weather/wave-features';
import { seriesOf } from './wave-stations';

const reading = (time: string, wave_height: number | null, douglas: number | null): WaveReading => ({
  time,
  wave_height,
  dominant_period: null,
  average_period: null,
  mean_direction: null,
  wind_dir: null,
  wind_speed: null,
  wind_gust: null,
  pressure: null,
  air_temp: null,
  water_temp: null,
  douglas,
  alert: (wave_height ?? 0) >= 4,
});
const station = (id: string, readings: WaveReading[]) => ({
  station: { id, name: id, name_en: null, lat: 30, lon: 122, elevation: null },
  readings,
});

describe('waveStationFeatures', () => {
  it('colours each station by its latest degree, the roughest drawn last, and skips stations without readings', () => {
    const data: WaveData = {
      alert_height_m: 4,
      stations: [
        station('rough', [reading('2026-03-24T10:00:00Z', 1, 3), reading('2026-03-24T11:00:00Z', 4.6, 6)]),
        station('calm', [reading('2026-03-24T11:00:00Z', 0.3, 2)]),
        station('none', [reading('2026-03-24T11:00:00Z', null, null)]),
        station('empty', []),
      ],
    };
    const f = waveStationFeatures(data).features.map((x) => x.properties);
    expect(f.map((p) => [p.id, p.degree, p.alert])).toEqual([
      ['none', -1, false],
      ['calm', 2, false],
      ['rough', 6, true],
    ]);
    expect(f[0]?.color).toBe(NO_HEIGHT_COLOR);
    expect(f[2]?.color).toBe(douglasColor(6));
  });
});

describe('DOUGLAS_LEGEND', () => {
  it.each([
    [0, 0, 0],
    [3, 0.5, 1.25],
    [8, 9, 14],
    [9, 14, null],
  ])('degree %d runs from %d to %s m', (degree, lower, upper) => {
    expect(DOUGLAS_LEGEND[degree]).toMatchObject({ degree, lower, upper });
  });

  it('gives every degree its own colour', () => {
    expect(new Set(DOUGLAS_LEGEND.map((d) => d.color)).size).toBe(10);
  });
});

describe('seriesOf', () => {
  it('keeps a missing value as a gap', () => {
    const r = [reading('2026-03-24T10:00:00Z', 1.2, 3), reading('2026-03-24T11:00:00Z', null, null)];
    expect(seriesOf(r, 'wave_height')).toEqual([
      [Date.parse('2026-03-24T10:00:00Z'), 1.2],
      [Date.parse('2026-03-24T11:00:00Z'), null],
    ]);
  });
});
