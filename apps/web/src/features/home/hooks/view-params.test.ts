import { describe, expect, it } from 'vitest';
import { DEFAULT_VIEW, normalBearing, parseView, viewQuery, viewSearch } from './use-view-params';

describe('map view in the URL', () => {
  it('reads lat, lon and zoom, ignoring missing or out-of-range values', () => {
    expect(parseView(new URLSearchParams('lat=23.1&lon=113.3&zoom=9'))).toEqual({
      center: [113.3, 23.1],
      zoom: 9,
    });
    expect(parseView(new URLSearchParams('lat=23.1'))).toEqual(DEFAULT_VIEW);
    expect(parseView(new URLSearchParams('lat=95&lon=113&zoom=30'))).toEqual(DEFAULT_VIEW);
    expect(parseView(new URLSearchParams('lat=abc&lon=&zoom=5'))).toEqual({ ...DEFAULT_VIEW, zoom: 5 });
  });

  it('writes a view back in the same form', () => {
    const query = viewQuery({ center: [113.26444, 23.12911], zoom: 8.5 });
    expect(query).toBe('lat=23.1291&lon=113.2644&zoom=8.50');
    expect(parseView(new URLSearchParams(query))).toEqual({ center: [113.2644, 23.1291], zoom: 8.5 });
  });

  it.each([
    [0, 0],
    [30, 30],
    [-30, -30],
    [180, 180],
    [-180, 180],
    [190, -170],
    [359.96, 0],
    [720.25, 0.3],
  ])('keeps bearing %s as %s', (raw, normal) => {
    expect(normalBearing(raw)).toBe(normal);
  });

  it('keeps a turned map’s bearing in the address, and none for north-up', () => {
    const turned = viewQuery({ center: [113, 23], zoom: 8, bearing: -45.04 });
    expect(turned).toBe('lat=23.0000&lon=113.0000&zoom=8.00&bearing=-45.0');
    expect(parseView(new URLSearchParams(turned))).toEqual({ center: [113, 23], zoom: 8, bearing: -45 });
    expect(viewQuery({ center: [113, 23], zoom: 8, bearing: 0.01 })).toBe(
      'lat=23.0000&lon=113.0000&zoom=8.00',
    );
    expect(parseView(new URLSearchParams('lat=23&lon=113&zoom=8&bearing=0'))).not.toHaveProperty('bearing');
    expect(parseView(new URLSearchParams('lat=23&lon=113&zoom=8&bearing=400')).bearing).toBeUndefined();
    expect(parseView(new URLSearchParams('lat=23&lon=113&zoom=8&bearing=270')).bearing).toBe(-90);
  });

  it('keeps the open scene and the stroke filter when the view moves, and nothing else', () => {
    expect(
      viewSearch(
        { center: [113, 23], zoom: 8, bearing: 10 },
        '?lat=1&lon=2&scene=7&foo=1&types=CG&min_ka=20',
      ),
    ).toBe('?lat=23.0000&lon=113.0000&zoom=8.00&bearing=10.0&scene=7&types=CG&min_ka=20');
    expect(viewSearch({ center: [113, 23], zoom: 8 }, '')).toBe('?lat=23.0000&lon=113.0000&zoom=8.00');
  });
});
