import { describe, expect, it } from 'vitest';
import { labelAnchor, labelImageId, parseLabelImageId } from './location-labels';

describe('location label images', () => {
  it.each([
    [3, 'Baiyun Airport'],
    [0, '南沙港: 3号码头'],
    [2, ''],
  ] as const)('the id of a level %i label for "%s" gives both back', (level, name) => {
    expect(parseLabelImageId(labelImageId(level, name))).toEqual({ level, name });
  });

  it('cuts a long name with an ellipsis', () => {
    const long = '东莞 500 kV 变电站 (Dongguan 500 kV substation, north yard, bay 7)';
    const label = parseLabelImageId(labelImageId(1, long));
    expect(label?.name).toHaveLength(48);
    expect(label?.name.endsWith('…')).toBe(true);
  });

  it('leaves other images alone', () => {
    for (const id of ['stroke-plus', 'location-label:', 'location-label:7:x', 'location-label:x:y']) {
      expect(parseLabelImageId(id)).toBeNull();
    }
  });
});

describe('labelAnchor', () => {
  it('puts a point location label on the point', () => {
    expect(labelAnchor({ type: 'Point', coordinates: [113.3, 23.1] })).toEqual([113.3, 23.1]);
  });

  it('puts a polygon label at the mean of its corners, not weighting the closing vertex twice', () => {
    const square = {
      type: 'Polygon' as const,
      coordinates: [
        [
          [113, 23],
          [114, 23],
          [114, 24],
          [113, 24],
          [113, 23],
        ] as [number, number][],
      ],
    };
    expect(labelAnchor(square)).toEqual([113.5, 23.5]);
  });
});
