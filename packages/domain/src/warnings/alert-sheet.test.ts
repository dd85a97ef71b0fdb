import { describe, expect, it } from 'vitest';
import { alertSheetRows, median, type SheetEpisode } from './alert-sheet.js';

const MIN = 60_000;
const ep = (over: Partial<SheetEpisode>): SheetEpisode => ({
  locationId: 1,
  startedMs: 0,
  endedMs: 30 * MIN,
  peakLevel: 2,
  predicted: false,
  ...over,
});

describe('median', () => {
  it.each([
    { xs: [], want: null },
    { xs: [5], want: 5 },
    { xs: [3, 1, 2], want: 2 },
    { xs: [4, 1, 3, 2], want: 2.5 },
  ])('$xs → $want', ({ xs, want }) => {
    expect(median(xs)).toBe(want);
  });
});

describe('alertSheetRows', () => {
  const sites = [
    { id: 1, name: 'Tower' },
    { id: 2, name: 'Quiet depot' },
  ];
  it.each([
    {
      name: 'a location without episodes is listed with zeros',
      episodes: [],
      want: {
        episodes: 0,
        peak_level: 0,
        total_min: 0,
        median_duration_min: null,
        inner_strikes: 0,
        warned_before: 0,
        median_lead_min: null,
      },
    },
    {
      name: 'durations sum and their median; the highest peak; red episodes',
      episodes: [
        ep({ endedMs: 20 * MIN }),
        ep({ endedMs: 40 * MIN, peakLevel: 3 }),
        ep({ endedMs: 90 * MIN }),
      ],
      want: { episodes: 3, peak_level: 3, red_episodes: 1, total_min: 150, median_duration_min: 40 },
    },
    {
      name: 'an open episode counts up to the period end',
      episodes: [ep({ startedMs: 100 * MIN, endedMs: null })],
      want: { total_min: 20 },
    },
    {
      name: 'predicted episodes counted',
      episodes: [ep({}), ep({ predicted: true })],
      want: { episodes: 2, predicted: 1 },
    },
    {
      name: 'the skill columns are the location’s warning skill (events, hits, median lead to 0.1 min)',
      episodes: [ep({})],
      skill: { events: 3, hits: 2, median_lead_time_min: 9.04 },
      want: { inner_strikes: 3, warned_before: 2, median_lead_min: 9 },
    },
    {
      name: 'skill without episodes (a storm whose warning began before the period) still shows',
      episodes: [],
      skill: { events: 1, hits: 1, median_lead_time_min: 0.25 },
      want: { episodes: 0, inner_strikes: 1, warned_before: 1, median_lead_min: 0.3 },
    },
  ])('$name', ({ episodes, want, skill }) => {
    const scores = new Map(skill ? [[1, skill]] : []);
    const rows = alertSheetRows(sites, episodes, scores, 120 * MIN);
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatchObject({ location_id: 1, location_name: 'Tower', ...want });
    expect(rows[1]).toMatchObject({ location_id: 2, episodes: 0 });
  });
});
