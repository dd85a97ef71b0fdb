import type { Language } from '@thunderwatch/shared/languages';
import type { TyphoonGrade } from '@thunderwatch/shared/schemas/typhoon';
import type { TyphoonAlarmFacts } from '../channels/delivery-channel.js';

/** China's grades (GB/T 19201-2006) by their Chinese and English names. */
const GRADES: Record<Language, Record<TyphoonGrade, string>> = {
  'zh-Hans': {
    LO: '低压区',
    TD: '热带低压',
    TS: '热带风暴',
    STS: '强热带风暴',
    TY: '台风',
    STY: '强台风',
    SuperTY: '超强台风',
    ET: '温带气旋',
  },
  en: {
    LO: 'Low',
    TD: 'Tropical depression',
    TS: 'Tropical storm',
    STS: 'Severe tropical storm',
    TY: 'Typhoon',
    STY: 'Severe typhoon',
    SuperTY: 'Super typhoon',
    ET: 'Extratropical cyclone',
  },
};

export const gradeName = (grade: TyphoonGrade, language: Language) => GRADES[language][grade];

/** The storm's name as readers know it: the Chinese name in Chinese where there is one, else the English. */
export function stormName(t: TyphoonAlarmFacts, language: Language): string {
  const name = language === 'zh-Hans' ? (t.storm_name_zh ?? t.storm_name_en) : t.storm_name_en;
  return name ?? t.storm_id.toUpperCase();
}
