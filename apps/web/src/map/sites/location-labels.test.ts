import { describe, expect, it } from 'vitest';
import { labelAnchor, labelImageId, parseLabelImageId, textColourOn } from './location-labels';

describe('name label images', () => {
  it.each([
    ['#e60012', 'Baiyun Airport'],
    ['#2e9e4f', '南沙港: 3号码头'],
    ['#ff8c00', ''],
  ] as const)('the id of a %s label for "%s" gives both back', (colour, name) => {
    expect(parseLabelImageId(labelImageId(colour, name))).toEqual({ colour, name });
  });

  it('cuts a long name with an ellipsis', () => {
    const long = '东莞 500 kV 变电站 (Dongguan 500 kV substation, north yard, bay 7)';
    const label = parseLabelImageId(labelImageId('#f5d000', long));
    expect(label?.name).toHaveLength(48);
    expect(label?.name.endsWith('…')).toBe(true);
  });

  it('leaves other images alone', () => {
    for (const id of [
      'stroke-plus',
      'name-label:',
      'name-label:#12:x',
      'name-label:red:y',
      'location-label:3:x',
    ]) {
      expect(parseLabelImageId(id)).toBeNull();
    }
  });

  it.each([
    ['red (level 3)', '#e60012', '#ffffff'],
    ['orange (level 2)', '#ff8c00', '#0b0f17'],
    ['yellow (level 1)', '#f5d000', '#0b0f17'],
    ['green (clear, online)', '#2e9e4f', '#0b0f17'],
    ['grey (offline)', '#8a8f98', '#0b0f17'],
    ['navy', '#102040', '#ffffff'],
  ])('writes on %s in the colour that contrasts more', (_case, colour, text) => {
    expect(textColourOn(colour)).toBe(text);
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
