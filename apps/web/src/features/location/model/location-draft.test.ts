import { DEFAULT_RINGS } from '@thunderwatch/shared/default-rings';
import type { Position } from '@thunderwatch/shared/schemas/geo';
import type { LocationDto } from '@thunderwatch/shared/schemas/locations';
import { describe, expect, it } from 'vitest';
import {
  draftFromLocation,
  draftPreview,
  draftToInput,
  inputFromLocation,
  type LocationDraft,
  newLocationDraft,
  nextRing,
  pointFromMap,
  pointFromText,
  pointTextProblem,
  shapeKindOf,
} from './location-draft';

const triangle: Position[] = [
  [113, 23],
  [113.1, 23],
  [113.05, 23.1],
];

const saved = (over: Partial<LocationDto> = {}): LocationDto => ({
  id: 7,
  group_id: 1,
  name: 'Baiyun airport',
  name_en: null,
  shape: { type: 'Point', coordinates: [113.3, 23.39] },
  zone_id: null,
  time_zone: 'Asia/Shanghai',
  wave_alert_cm: null,
  is_airport: false,
  airport_icao: null,
  enabled: true,
  rings: DEFAULT_RINGS.map((r) => ({ ...r })),
  level: 2,
  created_at: '2026-01-01T00:00:00Z',
  updated_at: '2026-01-01T00:00:00Z',
  predict: { enabled: false, range_km: 40, level: 1 },
  ...over,
});

const withPoint = (over: Partial<LocationDraft> = {}): LocationDraft => ({
  ...newLocationDraft(),
  name: 'Port',
  point: [113.5, 22.2],
  ...over,
});

describe('a new location', () => {
  it('starts in Asia/Shanghai, enabled, as a point, with the default 10/20/30 km rings', () => {
    const draft = newLocationDraft();
    expect(draft).toMatchObject({ time_zone: 'Asia/Shanghai', enabled: true, kind: 'point', point: null });
    expect(draft.rings.map((r) => [r.radius_km, r.level])).toEqual([
      ['10', 3],
      ['20', 2],
      ['30', 1],
    ]);
  });

  it('becomes a POST body with the point, trimmed name and numeric rings', () => {
    expect(draftToInput(withPoint({ name: '  Port ' }))).toEqual({
      problems: [],
      input: {
        name: 'Port',
        name_en: null,
        time_zone: 'Asia/Shanghai',
        enabled: true,
        shape: { type: 'Point', coordinates: [113.5, 22.2] },
        rings: DEFAULT_RINGS,
        predict: { enabled: false, range_km: 40, level: 1 },
        wave_alert_cm: null,
        is_airport: false,
        airport_icao: null,
      },
    });
  });

  it.each([
    ['', null, null],
    [' zggg ', 'ZGGG', null],
    ['ZGG', null, 'icao'],
    ['ZG1G', null, 'icao'],
  ])('reads the ICAO code %j', (typed, sent, problem) => {
    const result = draftToInput({
      ...newLocationDraft(),
      name: 'Airport',
      pointText: '23.39, 113.3',
      point: [113.3, 23.39],
      is_airport: true,
      airport_icao: typed,
    });
    if (problem)
      expect(result.problems).toEqual([expect.objectContaining({ field: 'airport_icao', key: problem })]);
    else expect(result.input).toMatchObject({ is_airport: true, airport_icao: sent });
  });

  it.each([
    { typed: '', sent: null },
    { typed: ' 3.5 ', sent: 350 },
    { typed: '0.1', sent: 10 },
    { typed: '0.05', problem: 'range' },
    { typed: '31', problem: 'range' },
    { typed: 'high', problem: 'number' },
  ])('sends the wave alarm threshold typed in metres as cm: "$typed"', ({ typed, sent, problem }) => {
    const result = draftToInput(withPoint({ name: 'Port', wave_alert_m: typed }));
    if (problem)
      expect(result.problems).toEqual([expect.objectContaining({ field: 'wave_alert_cm', key: problem })]);
    else expect(result.input?.wave_alert_cm).toBe(sent);
  });

  it.each([
    {
      predict: { enabled: true, range_km: ' 25 ', level: 2 as const },
      sent: { enabled: true, range_km: 25, level: 2 },
    },
    { predict: { enabled: true, range_km: '250', level: 1 as const }, problem: 'range' },
    { predict: { enabled: true, range_km: '', level: 1 as const }, problem: 'number' },
    // Off, a range being typed is not in the way: the stored one is kept.
    { predict: { enabled: false, range_km: '', level: 1 as const }, sent: { enabled: false, level: 1 } },
  ])('sends the early warning from lightning jumps: $predict', ({ predict, sent, problem }) => {
    const result = draftToInput(withPoint({ name: 'Port', predict }));
    if (sent) expect(result.input?.predict).toEqual(sent);
    else
      expect(result.problems).toEqual([expect.objectContaining({ field: 'predict/range_km', key: problem })]);
  });

  it('sends a finished polygon closed, and a zone by its id only', () => {
    const polygon = draftToInput(
      withPoint({ kind: 'polygon', polygon: { vertices: triangle, closed: true } }),
    );
    expect(polygon.input?.shape).toEqual({ type: 'Polygon', coordinates: [[...triangle, triangle[0]]] });
    const zone = draftToInput(withPoint({ kind: 'zone', zoneId: 4 }));
    expect(zone.input?.zone_id).toBe(4);
    expect(zone.input?.shape).toBeUndefined();
  });
});

describe('problems the form reports before sending', () => {
  it.each([
    ['no name', { name: ' ' }, 'name', 'name_required'],
    ['no point', { point: null }, 'shape', 'point_required'],
    [
      'an unfinished polygon',
      { kind: 'polygon', polygon: { vertices: triangle, closed: false } },
      'shape',
      'polygon_required',
    ],
    ['no zone', { kind: 'zone', zoneId: null }, 'zone_id', 'zone_required'],
    ['no rings', { rings: [] }, 'rings', 'ring_count'],
  ] as const)('%s', (_name, over, field, key) => {
    const result = draftToInput(withPoint(over as Partial<LocationDraft>));
    expect(result.input).toBeNull();
    expect(result.problems).toContainEqual(expect.objectContaining({ field, key }));
  });

  it.each([
    ['radius_km', '', 'number'],
    ['radius_km', 'ten', 'number'],
    ['radius_km', '0.05', 'range'],
    ['radius_km', '201', 'range'],
    ['all_clear_min', '7.5', 'integer'],
    ['all_clear_min', '0', 'range'],
    ['min_strokes', '1001', 'range'],
    ['window_min', '121', 'range'],
  ] as const)('ring 1 %s = "%s": %s', (key, value, problem) => {
    const draft = withPoint();
    draft.rings = draft.rings.map((r, i) => (i === 1 ? { ...r, [key]: value } : r));
    expect(draftToInput(draft).problems).toEqual([
      expect.objectContaining({ field: `rings/1/${key}`, key: problem }),
    ]);
  });

  it('gives the limits with a range problem', () => {
    const draft = withPoint();
    draft.rings = draft.rings.map((r, i) => (i === 0 ? { ...r, radius_km: '500' } : r));
    expect(draftToInput(draft).problems[0]?.params).toEqual({ min: 0.1, max: 200 });
  });

  it('refuses two rings with the same radius and a level that rises outward, naming the outer ring', () => {
    const same = withPoint();
    same.rings = same.rings.map((r, i) => (i === 2 ? { ...r, radius_km: '20' } : r));
    expect(draftToInput(same).problems).toEqual([{ field: 'rings/2/radius_km', key: 'same_radius' }]);
    const rising = withPoint();
    rising.rings = rising.rings.map((r, i) => (i === 2 ? { ...r, level: 3 as const } : r));
    expect(draftToInput(rising).problems).toEqual([{ field: 'rings/2/level', key: 'level_rises' }]);
  });
});

describe('editing a saved location', () => {
  it('round-trips a point location through the form unchanged', () => {
    const location = saved();
    expect(draftToInput(draftFromLocation(location)).input).toEqual(inputFromLocation(location));
    const harbour = saved({ wave_alert_cm: 250 });
    expect(draftFromLocation(harbour).wave_alert_m).toBe('2.5');
    expect(draftToInput(draftFromLocation(harbour)).input).toEqual(inputFromLocation(harbour));
    const named = saved({ name: '白云机场', name_en: 'Baiyun airport' });
    expect(draftFromLocation(named)).toMatchObject({ name: '白云机场', name_en: 'Baiyun airport' });
    expect(draftToInput(draftFromLocation(named)).input).toEqual(inputFromLocation(named));
  });

  it('sends an emptied English name as none, so the stored one goes', () => {
    const draft = { ...draftFromLocation(saved({ name_en: 'Baiyun' })), name_en: '   ' };
    expect(draftToInput(draft).input?.name_en).toBeNull();
  });

  it('opens a polygon location as a finished polygon, keeping its holes', () => {
    const hole: Position[] = [
      [113.04, 23.02],
      [113.06, 23.02],
      [113.05, 23.04],
      [113.04, 23.02],
    ];
    const shape = { type: 'Polygon' as const, coordinates: [[...triangle, triangle[0] as Position], hole] };
    const draft = draftFromLocation(saved({ shape }));
    expect(draft.kind).toBe('polygon');
    expect(draft.polygon).toEqual({ vertices: triangle, closed: true });
    expect(draftToInput(draft).input?.shape).toEqual(shape);
  });

  it('opens a location made from a zone with that zone picked', () => {
    const draft = draftFromLocation(
      saved({
        zone_id: 3,
        shape: { type: 'Polygon', coordinates: [[...triangle, triangle[0] as Position]] },
      }),
    );
    expect(draft).toMatchObject({ kind: 'zone', zoneId: 3 });
    expect(draftToInput(draft).input).toMatchObject({ zone_id: 3 });
  });

  it('switches a location off with a full PUT body', () => {
    expect(inputFromLocation(saved(), { enabled: false })).toEqual({
      name: 'Baiyun airport',
      name_en: null,
      time_zone: 'Asia/Shanghai',
      enabled: false,
      rings: DEFAULT_RINGS,
      predict: { enabled: false, range_km: 40, level: 1 },
      wave_alert_cm: null,
      is_airport: false,
      airport_icao: null,
      shape: { type: 'Point', coordinates: [113.3, 23.39] },
    });
  });

  it.each([
    [saved(), 'point'],
    [saved({ shape: { type: 'Polygon', coordinates: [[...triangle, triangle[0] as Position]] } }), 'polygon'],
    [saved({ zone_id: 2 }), 'zone'],
  ] as const)('tells its kind: %#', (location, kind) => {
    expect(shapeKindOf(location)).toBe(kind);
  });
});

describe('adding a ring', () => {
  it('puts it 10 km further out, one level lower, with the default countdown and threshold', () => {
    const rings = newLocationDraft().rings.slice(0, 2);
    expect(nextRing(rings)).toEqual({
      radius_km: '30',
      level: 1,
      all_clear_min: '30',
      min_strokes: '1',
      window_min: '1',
      include_ic: true,
    });
    expect(nextRing(newLocationDraft().rings).level).toBe(1);
    expect(nextRing([]).level).toBe(3);
  });
});

describe('the map preview of a draft', () => {
  const zone = {
    id: 5,
    group_id: 1,
    name: 'Harbour',
    geometry: { type: 'Polygon' as const, coordinates: [[...triangle, triangle[0] as Position]] },
    area_km2: 80,
    created_at: '',
    updated_at: '',
  };

  it('shows the rings whose radius already makes sense while others are being typed', () => {
    const draft = withPoint();
    draft.rings = draft.rings.map((r, i) => (i === 1 ? { ...r, radius_km: '' } : r));
    expect(draftPreview(draft, [])?.rings.map((r) => [r.radius_km, r.level])).toEqual([
      [10, 3],
      [30, 1],
    ]);
  });

  it("uses the picked zone's polygon, and shows nothing before a shape is chosen", () => {
    expect(draftPreview(withPoint({ kind: 'zone', zoneId: 5 }), [zone])?.shape).toEqual(zone.geometry);
    expect(draftPreview(withPoint({ kind: 'zone', zoneId: 6 }), [zone])).toBeNull();
    expect(draftPreview(withPoint({ point: null }), [])).toBeNull();
  });
});

describe('a point typed or clicked', () => {
  it.each<[string, Position]>([
    ['23.1291, 113.2644', [113.2644, 23.1291]],
    [`N23°07'45" E113°15'52"`, [113.264444, 23.129167]],
    ['北纬23°07′45″ 东经113°15′52″', [113.264444, 23.129167]],
  ])('reads %s to 6 decimals', (text, point) => {
    expect(pointFromText(text)).toEqual({ pointText: text, point });
    const input = draftToInput({ ...withPoint(), ...pointFromText(text) }).input;
    expect(input?.shape).toEqual({ type: 'Point', coordinates: point });
  });

  it('names what is wrong with a typed point instead of sending the last good one', () => {
    const draft = { ...withPoint(), ...pointFromText('95, 113') };
    expect(draft.point).toBeNull();
    expect(draftToInput(draft).problems).toEqual([
      { field: 'shape', key: 'point.lat_range', params: { value: 95 } },
    ]);
    expect(pointTextProblem('')).toBeNull();
    expect(pointTextProblem('23, 113')).toBeNull();
  });

  it('fills the text in decimal degrees, latitude first, when the map is clicked', () => {
    expect(pointFromMap([113.26444449, 23.1291])).toEqual({
      point: [113.264444, 23.1291],
      pointText: '23.1291, 113.264444',
    });
  });

  it('opens a saved point with its text filled in', () => {
    expect(draftFromLocation(saved()).pointText).toMatch(/^\d+(\.\d+)?, \d+(\.\d+)?$/);
  });
});
