import { DEFAULT_RINGS } from '@thunderwatch/shared/default-rings';
import type { LocationShape } from '@thunderwatch/shared/schemas/geo';
import { ringRulesOf } from '../warnings/ring-rules.js';
import type { DemoSite } from './demo-day.js';

/**
 * Sites of the demo group inside the simulator's region (storms drifting over South China), so that a
 * newcomer sees warnings rise and clear with the simulated storms. The first start seeds them (the server's
 * `demo-locations.ts`); the simulator steers its visiting storms at them. `name` is the site's own (Chinese)
 * name, `nameEn` its English one; installs seeded before the two were apart had both in `name`, which
 * migration 044 splits.
 */
export const DEMO_SITES: { name: string; nameEn: string; shape: LocationShape; airportIcao?: string }[] = [
  {
    name: '广州白云国际机场',
    nameEn: 'Guangzhou Baiyun Airport',
    airportIcao: 'ZGGG',
    shape: { type: 'Point', coordinates: [113.2988, 23.3924] },
  },
  {
    name: '深圳盐田港',
    nameEn: 'Shenzhen Yantian Port',
    shape: { type: 'Point', coordinates: [114.275, 22.575] },
  },
  {
    name: '东莞 500 kV 变电站',
    nameEn: 'Dongguan 500 kV substation',
    shape: { type: 'Point', coordinates: [113.75, 23.02] },
  },
  {
    name: '华南理工大学五山校区',
    nameEn: 'SCUT Wushan campus',
    shape: {
      type: 'Polygon',
      coordinates: [
        [
          [113.338, 23.148],
          [113.356, 23.148],
          [113.356, 23.162],
          [113.338, 23.162],
          [113.338, 23.148],
        ],
      ],
    },
  },
];

/**
 * The demo sites as the measures of the demo take them (`measureDemoDay`, `measureDemoFlightMessages`): ids
 * 1… in this order, and the rings the first start gives them.
 */
export function demoSitesWithRings(): DemoSite[] {
  return DEMO_SITES.map((l, i) => ({ id: i + 1, shape: l.shape, rules: ringRulesOf(DEFAULT_RINGS) }));
}
