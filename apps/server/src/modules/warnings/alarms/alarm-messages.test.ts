import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../../../message-catalogue.js';
import type { AlarmFacts } from '../../notify/delivery/channels/delivery-channel.js';

const RING: AlarmFacts = {
  alarm_id: 1,
  alert_id: 2,
  location_id: 3,
  location_name: 'Runway 2',
  level: 2,
  previous_level: 0,
  at: '2025-06-01T07:00:00.000Z',
  nearest_km: 18.4,
  bearing_deg: 270,
  approach: null,
  board_url: 'https://tw.example/realtimealert',
};
const PREDICTED: AlarmFacts = {
  ...RING,
  nearest_km: 34,
  bearing_deg: 268,
  predicted_by: {
    cell_id: 'C-42',
    reason: 'jump',
    distance_km: 34,
    bearing_deg: 268,
    direction_deg: 92,
    speed_kmh: 41.2,
  },
};
const NOWCAST: AlarmFacts = {
  ...PREDICTED,
  predicted_by: { ...(PREDICTED.predicted_by as NonNullable<AlarmFacts['predicted_by']>), reason: 'nowcast' },
};
/** A field-mill alarm: the early state came from the mills, no cell and no stroke behind it. */
const EFM: AlarmFacts = { ...RING, nearest_km: null, bearing_deg: null, predicted_by: null, efm_kvm: 4.2 };

describe('alarm messages', () => {
  it.each([
    {
      name: 'a ring alarm, as before predictions (no predicted_by in older queued messages)',
      facts: RING,
      en: [
        'Orange warning · Runway 2',
        'Orange lightning warning at Runway 2 (was clear). Nearest stroke 18 km W.',
      ],
      zh: ['【雷电橙色预警】Runway 2', 'Runway 2发布雷电橙色预警（此前无预警）。最近落雷 18 公里，方位西。'],
    },
    {
      name: 'a predicted alarm, naming the jumping cell, its distance and where it moves',
      facts: PREDICTED,
      en: [
        'Predicted Orange warning · Runway 2',
        'Predicted Orange lightning warning at Runway 2 (was clear). Predicted: lightning jump in cell C-42, 34 km W, moving towards E at 41 km/h.',
      ],
      zh: [
        '【雷电橙色预测预警】Runway 2',
        'Runway 2发布雷电橙色预测预警（此前无预警）。预测依据：雷暴单体 C-42 闪电跃增，距离 34 公里，方位西，正向东移动（约 41 公里/小时）。',
      ],
    },
    {
      name: 'a predicted alarm from a nowcast: the cell is expected within the half hour',
      facts: NOWCAST,
      en: [
        'Predicted Orange warning · Runway 2',
        'Predicted Orange lightning warning at Runway 2 (was clear). Predicted: cell C-42 expected here within 30 min, 34 km W, moving towards E at 41 km/h.',
      ],
      zh: [
        '【雷电橙色预测预警】Runway 2',
        'Runway 2发布雷电橙色预测预警（此前无预警）。预测依据：雷暴单体 C-42 预计 30 分钟内到达，距离 34 公里，方位西，正向东移动（约 41 公里/小时）。',
      ],
    },
    {
      name: 'a field-mill alarm, saying it comes from the field mills and the field strength',
      facts: EFM,
      en: [
        'Field-mill Orange warning · Runway 2',
        'Field-mill Orange lightning warning at Runway 2 (was clear). Field mill 4.2 kV/m: the air above the site is electrified before lightning.',
      ],
      zh: [
        '【雷电橙色电场仪预警】Runway 2',
        'Runway 2发布雷电橙色电场仪预警（此前无预警）。电场仪 4.2 kV/m：站点上空大气电场增强，雷电可能即将发生。',
      ],
    },
  ])('$name', ({ facts, en, zh }) => {
    const payload = { event: 'alarm' as const, alarm: facts };
    const inEn = MESSAGES.text(payload, 'en', 'Asia/Shanghai');
    const inZh = MESSAGES.text(payload, 'zh-Hans', 'Asia/Shanghai');
    expect(inEn.title).toBe(en[0]);
    expect(inEn.body.startsWith(en[1] as string)).toBe(true);
    expect(inZh.title).toBe(zh[0]);
    expect(inZh.body.startsWith(zh[1] as string)).toBe(true);
  });

  it('marks a predicted alarm on a chat card and names the cell instead of a stroke', () => {
    const card = MESSAGES.card({ event: 'alarm', alarm: PREDICTED }, 'en', 'Asia/Shanghai');
    expect(card.fields.map((f) => [f.label, f.value]).slice(1, 3)).toEqual([
      ['Level', 'Orange (predicted: lightning jump) (was clear)'],
      ['Jumping cell', 'C-42 · 34 km W'],
    ]);
    const ahead = MESSAGES.card({ event: 'alarm', alarm: NOWCAST }, 'zh-Hans', 'Asia/Shanghai');
    expect(ahead.fields.map((f) => [f.label, f.value]).slice(1, 3)).toEqual([
      ['等级', '橙色（预测：单体临近外推）（此前无预警）'],
      ['临近单体', 'C-42 · 34 公里，西方'],
    ]);
  });

  it('names the field strength on the chat card of a field-mill alarm', () => {
    const card = MESSAGES.card({ event: 'alarm', alarm: EFM }, 'zh-Hans', 'Asia/Shanghai');
    expect(card.fields.map((f) => [f.label, f.value]).slice(2, 3)).toEqual([['电场仪', '4.2 kV/m']]);
  });

  it('reads a predicted alarm queued before nowcast threats (no reason) as a lightning jump', () => {
    const { reason: _, ...old } = PREDICTED.predicted_by as NonNullable<AlarmFacts['predicted_by']>;
    const card = MESSAGES.card(
      { event: 'alarm', alarm: { ...PREDICTED, predicted_by: old as AlarmFacts['predicted_by'] } },
      'en',
      'Asia/Shanghai',
    );
    expect(card.fields[1]?.value).toBe('Orange (predicted: lightning jump) (was clear)');
  });
});
