import { DEFAULT_RINGS } from '@thunderwatch/shared/default-rings';
import type { LocationShape } from '@thunderwatch/shared/schemas/geo';
import type { RingLevel } from '@thunderwatch/shared/warnings';
import { describe, expect, it } from 'vitest';
import { capTime } from '../../../lib/cap-format.js';
import { alertToCap, type CapSource } from './cap.js';
import { capSchemaErrors } from './fixtures/cap-schema.js';

const POINT: LocationShape = { type: 'Point', coordinates: [113.2988, 23.3924] };
const POLYGON: LocationShape = {
  type: 'Polygon',
  coordinates: [
    [
      [113.338, 23.148],
      [113.356, 23.148],
      [113.356, 23.162],
      [113.338, 23.148],
    ],
  ],
};
const NOW = new Date('2025-06-01T08:30:00.123Z');

function source(shape: LocationShape, level: RingLevel, ended: boolean, name = 'Baiyun Airport'): CapSource {
  return {
    alert: {
      id: 42,
      location_id: 7,
      location_name: name,
      location_name_en: null,
      group_id: 2,
      started_at: '2025-06-01T07:00:00.500Z',
      ended_at: ended ? '2025-06-01T08:10:00.000Z' : null,
      peak_level: level,
      first_stroke: null,
      nearest_km: 4.234,
      ring_counts: [
        { radius_km: 10, level: 3, strokes: 12 },
        { radius_km: 20, level: 2, strokes: 30 },
        { radius_km: 30, level: 1, strokes: 41 },
      ],
      timeline: [{ at: '2025-06-01T07:00:00.500Z', level }],
      warned_before_first_inner: null,
      lead_time_min: null,
      predicted: false,
      ring_at: '2025-06-01T07:00:00.500Z',
      predicted_lead_min: null,
    },
    shape,
    rings: [...DEFAULT_RINGS],
    timeZone: 'Asia/Shanghai',
    groupName: '演示单位',
  };
}

const tag = (xml: string, name: string) =>
  [...xml.matchAll(new RegExp(`<${name}>([^<]*)</${name}>`, 'g'))].map((m) => m[1]);

describe('alertToCap', () => {
  it.each<[string, LocationShape, RingLevel, boolean, string]>([
    ['a point location at level 3, still open', POINT, 3, false, 'Severe'],
    ['a point location at level 2, ended', POINT, 2, true, 'Moderate'],
    ['a polygon location at level 1', POLYGON, 1, false, 'Minor'],
  ])('is valid CAP 1.2 for %s', async (_name, shape, level, ended, severity) => {
    const xml = alertToCap(source(shape, level, ended), { sender: 'thunderwatch@example.org', now: NOW });
    expect(await capSchemaErrors(xml)).toEqual([]);
    expect(tag(xml, 'language')).toEqual(['zh-CN', 'en-US']);
    expect(tag(xml, 'event')).toEqual(['雷电预警', 'Lightning warning']);
    expect(tag(xml, 'severity')).toEqual([severity, severity]);
    expect(tag(xml, 'scope')).toEqual(['Restricted']);
    expect(tag(xml, 'restriction')[0]).toContain('演示单位');
    expect(tag(xml, 'onset')).toEqual(['2025-06-01T07:00:00+00:00', '2025-06-01T07:00:00+00:00']);
    expect(tag(xml, 'urgency')).toEqual(ended ? ['Past', 'Past'] : ['Immediate', 'Immediate']);
  });

  it('draws a point location as a circle of its outer ring and a polygon by its outer ring', () => {
    const point = alertToCap(source(POINT, 3, false), { sender: 's', now: NOW });
    expect(tag(point, 'circle')).toEqual(['23.3924,113.2988 30', '23.3924,113.2988 30']);
    expect(tag(point, 'polygon')).toEqual([]);
    const poly = alertToCap(source(POLYGON, 3, false), { sender: 's', now: NOW });
    const pairs = '23.148,113.338 23.148,113.356 23.162,113.356 23.148,113.338';
    expect(tag(poly, 'polygon')).toEqual([pairs, pairs]);
    expect(tag(poly, 'circle')).toEqual([]);
  });

  it('tells peak level, nearest distance and strokes per ring in both languages', () => {
    const xml = alertToCap(source(POINT, 3, true), { sender: 's', now: NOW });
    const [zh, en] = tag(xml, 'description');
    expect(zh).toContain('最高预警等级：3 级（红色）');
    expect(zh).toContain('最近闪电距离：4.23 km');
    expect(zh).toContain('10 km 内 12 次；20 km 内 30 次；30 km 内 41 次');
    expect(zh).toContain('2025-06-01 15:00 (Asia/Shanghai)');
    expect(en).toContain('Peak level: 3 (red)');
    expect(en).toContain('Strokes per ring: 12 within 10 km; 30 within 20 km; 41 within 30 km');
    expect(tag(xml, 'headline')).toEqual([
      'Baiyun Airport：雷电红色预警（已解除）',
      'Lightning red warning for Baiyun Airport (all clear)',
    ]);
  });

  it('sends an open episode now, expiring after the longest all-clear; an ended one at its end', () => {
    const open = alertToCap(source(POINT, 3, false), { sender: 's', now: NOW });
    expect(tag(open, 'sent')).toEqual(['2025-06-01T08:30:00+00:00']);
    expect(tag(open, 'expires')[0]).toBe('2025-06-01T09:00:00+00:00');
    const ended = alertToCap(source(POINT, 3, true), { sender: 's', now: NOW });
    expect(tag(ended, 'sent')).toEqual(['2025-06-01T08:10:00+00:00']);
    expect(tag(ended, 'expires')[0]).toBe('2025-06-01T08:10:00+00:00');
    expect(tag(ended, 'identifier')).toEqual([
      `thunderwatch-alert-42-${Date.parse('2025-06-01T08:10:00Z') / 1000}`,
    ]);
  });

  it('escapes names that look like markup and stays valid', async () => {
    const xml = alertToCap(source(POINT, 2, false, 'Dock <A> & "B"'), { sender: 's', now: NOW });
    expect(xml).toContain('Dock &lt;A&gt; &amp; &quot;B&quot;');
    expect(await capSchemaErrors(xml)).toEqual([]);
  });

  it('is checked by a schema that does refuse a broken message', async () => {
    const xml = alertToCap(source(POINT, 2, false), { sender: 's', now: NOW });
    expect(
      await capSchemaErrors(xml.replace('<status>Actual</status>', '<status>Real</status>')),
    ).not.toEqual([]);
    expect(await capSchemaErrors(xml.replace(/\+00:00<\/sent>/, 'Z</sent>'))).not.toEqual([]);
  });

  it('writes times as CAP wants them: seconds and an offset', () => {
    expect(capTime(new Date('2025-01-02T03:04:05.678Z'))).toBe('2025-01-02T03:04:05+00:00');
  });
});
