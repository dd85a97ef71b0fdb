import type { FeatureCollection } from 'geojson';
import type { GeoJSONSource } from 'maplibre-gl';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BULK_FEATURES, setSourceData } from './source-data';

function collection(n: number): FeatureCollection {
  return {
    type: 'FeatureCollection',
    features: Array.from({ length: n }, (_, i) => ({
      type: 'Feature' as const,
      properties: { count: i },
      geometry: { type: 'Point' as const, coordinates: [113 + i / 1000, 23] },
    })),
  };
}

function fakeSource() {
  const set: unknown[] = [];
  const source = {
    setData: (data: unknown) => {
      set.push(data);
      return Promise.resolve(source);
    },
  };
  return { set, source: source as unknown as GeoJSONSource };
}

describe('setSourceData', () => {
  afterEach(() => vi.restoreAllMocks());

  it.each([0, 1, BULK_FEATURES])('hands %i features over as they are', async (n) => {
    const { set, source } = fakeSource();
    const data = collection(n);
    await setSourceData(source, data);
    expect(set).toEqual([data]);
  });

  it('sends a larger collection as GeoJSON text behind a blob URL, revoked once the source has it', async () => {
    const texts: string[] = [];
    const create = vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      void (blob as Blob).text().then((t) => texts.push(t));
      return 'blob:density';
    });
    const revoke = vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
    const { set, source } = fakeSource();
    const data = collection(BULK_FEATURES + 1);
    const done = setSourceData(source, data);
    expect(set).toEqual(['blob:density']);
    expect(revoke).not.toHaveBeenCalled();
    await done;
    expect(revoke).toHaveBeenCalledWith('blob:density');
    expect(create).toHaveBeenCalledTimes(1);
    await vi.waitFor(() => expect(texts).toHaveLength(1));
    expect(JSON.parse(texts[0] ?? '')).toEqual(data);
  });
});
