import { describe, expect, it } from 'vitest';
import { warningKindOf, warningLevelOf } from './cap-kinds.js';

describe('warning kinds', () => {
  it.each([
    ['台风蓝色预警', 'typhoon'],
    ['暴雨橙色预警信号', 'rainstorm'],
    ['暴雪黄色预警', 'snowstorm'],
    ['寒潮蓝色预警', 'cold_wave'],
    ['大风黄色预警', 'gale'],
    ['沙尘暴黄色预警', 'sandstorm'],
    ['高温红色预警', 'heat'],
    ['干旱橙色预警', 'drought'],
    ['雷电黄色预警', 'lightning'],
    ['冰雹橙色预警', 'hail'],
    ['霜冻蓝色预警', 'frost'],
    ['大雾橙色预警', 'fog'],
    ['霾黄色预警', 'haze'],
    ['道路结冰红色预警', 'road_icing'],
    ['Typhoon warning', 'typhoon'],
    ['Tropical Cyclone', 'typhoon'],
    ['Rainstorm', 'rainstorm'],
    ['Rain/Wet Spell', 'rainstorm'],
    ['Heavy Snow', 'snowstorm'],
    ['Cold Wave', 'cold_wave'],
    ['Strong Winds', 'gale'],
    ['Gale', 'gale'],
    ['Sandstorm', 'sandstorm'],
    ['Heat Wave', 'heat'],
    ['Drought', 'drought'],
    ['Thunderstorms/Squall lines', 'lightning'],
    ['Hail', 'hail'],
    ['Frost', 'frost'],
    ['Dense Fog', 'fog'],
    ['Haze', 'haze'],
    ['Road icing', 'road_icing'],
    ['Freezing rain', 'road_icing'],
    ['Earthquake', 'other'],
  ])('%s → %s', (event, kind) => {
    expect(warningKindOf({ event })).toBe(kind);
  });

  it.each([
    [[{ valueName: 'GROUP', value: 'WIND' }], 'gale'],
    [[{ valueName: 'GROUP', value: 'RAIN' }], 'rainstorm'],
    [[{ valueName: 'GROUP', value: 'THUNDERSTORM' }], 'lightning'],
    [[{ valueName: 'CMA_CODE', value: '11B03' }], 'rainstorm'],
    [[{ valueName: 'II', value: '51' }], 'other'],
  ])('event codes %j → %s', (eventCodes, kind) => {
    expect(warningKindOf({ event: 'WINDBÖEN', eventCodes })).toBe(kind);
  });

  it('falls back to the headline', () => {
    expect(warningKindOf({ event: 'Warnung', headline: 'Amtliche Warnung vor Frost' })).toBe('frost');
  });
});

describe('warning levels', () => {
  it.each([
    [{ event: '暴雨蓝色预警', severity: 'Extreme' }, 'blue'],
    [{ event: '暴雨黄色预警', severity: 'Minor' }, 'yellow'],
    [{ event: '暴雨', headline: '市气象台发布暴雨橙色预警信号', severity: 'Minor' }, 'orange'],
    [{ event: '高温红色预警', severity: 'Minor' }, 'red'],
    [{ event: 'Wind', headline: 'Amber warning of wind', severity: 'Minor' }, 'orange'],
    [{ event: 'Wind', parameters: [{ valueName: '预警颜色', value: '红色' }], severity: 'Minor' }, 'red'],
    [
      {
        event: 'Wind',
        parameters: [{ valueName: 'awareness_level', value: '2; yellow; Moderate' }],
        severity: 'Extreme',
      },
      'yellow',
    ],
    [{ event: 'Wind', parameters: [{ valueName: 'gusts', value: 'red hot' }], severity: 'Minor' }, 'blue'],
    [{ event: 'Wind', severity: 'Minor' }, 'blue'],
    [{ event: 'Wind', severity: 'Moderate' }, 'yellow'],
    [{ event: 'Wind', severity: 'Severe' }, 'orange'],
    [{ event: 'Wind', severity: 'Extreme' }, 'red'],
    [{ event: 'Wind', severity: 'Unknown' }, 'blue'],
  ])('%j → %s', (input, level) => {
    expect(warningLevelOf(input)).toBe(level);
  });
});
