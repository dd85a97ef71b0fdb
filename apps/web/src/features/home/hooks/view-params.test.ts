import { describe, expect, it } from 'vitest';
import { DEFAULT_VIEW, parseView, viewQuery } from './use-view-params';

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
});
