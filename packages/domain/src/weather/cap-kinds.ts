/**
 * The CMA warning kind and colour of a CAP alert. Kinds come from the event's Chinese or English name (or the
 * headline), then from event codes (DWD's GROUP, the Chinese national 11Bxx signal codes); the colour from the
 * colour words in the event or headline, then from a colour/level parameter, then from CAP severity.
 */
import type { WeatherWarningKind, WeatherWarningLevel } from '@thunderwatch/shared/schemas/weather-warning';

export interface ValuePair {
  valueName: string;
  value: string;
}

/** Checked in order: longer or more specific names before the ones they contain. */
const ZH_KINDS: [string, WeatherWarningKind][] = [
  ['台风', 'typhoon'],
  ['暴雨', 'rainstorm'],
  ['暴雪', 'snowstorm'],
  ['寒潮', 'cold_wave'],
  ['沙尘暴', 'sandstorm'],
  ['大风', 'gale'],
  ['高温', 'heat'],
  ['干旱', 'drought'],
  ['道路结冰', 'road_icing'],
  ['冰雹', 'hail'],
  ['雷电', 'lightning'],
  ['霜冻', 'frost'],
  ['大雾', 'fog'],
  ['霾', 'haze'],
];

const EN_KINDS: [RegExp, WeatherWarningKind][] = [
  [/typhoon|tropical (cyclone|storm)|hurricane/i, 'typhoon'],
  [/sand ?storm|dust ?storm/i, 'sandstorm'],
  [/snow ?storm|blizzard|heavy snow|snowfall|\bsnow\b/i, 'snowstorm'],
  [/road icing|icy roads?|black ice|\bglaze\b|freezing rain/i, 'road_icing'],
  [/cold wave|cold spell|extreme cold/i, 'cold_wave'],
  [/heat ?wave|high temperature|extreme heat|\bheat\b/i, 'heat'],
  [/drought/i, 'drought'],
  [/\bhail/i, 'hail'],
  [/thunder|lightning|squall/i, 'lightning'],
  [/rain ?storm|heavy rain|\brain\b|wet spell|flash flood/i, 'rainstorm'],
  [/\bgales?\b|strong winds?|high winds?|wind gusts?|\bwind\b/i, 'gale'],
  [/\bfrost/i, 'frost'],
  [/\bfog\b/i, 'fog'],
  [/\bhaze|\bsmog/i, 'haze'],
];

/** DWD `GROUP` event codes (Deutscher Wetterdienst CAP profile). */
const DWD_GROUPS: Record<string, WeatherWarningKind> = {
  THUNDERSTORM: 'lightning',
  WIND: 'gale',
  RAIN: 'rainstorm',
  HAIL: 'hail',
  SNOWFALL: 'snowstorm',
  SNOWDRIFT: 'snowstorm',
  FOG: 'fog',
  FROST: 'frost',
  GLAZE: 'road_icing',
  HEAT: 'heat',
};

/** Chinese national warning-signal codes (预警信号代码 11Bnn) as carried in CMA CAP event codes. */
const CN_CODES: Record<string, WeatherWarningKind> = {
  '11B01': 'typhoon',
  '11B03': 'rainstorm',
  '11B04': 'snowstorm',
  '11B05': 'cold_wave',
  '11B06': 'gale',
  '11B07': 'sandstorm',
  '11B09': 'heat',
  '11B14': 'lightning',
  '11B15': 'hail',
  '11B16': 'frost',
  '11B17': 'fog',
  '11B19': 'haze',
  '11B21': 'road_icing',
  '11B22': 'drought',
};

function kindOfText(text: string): WeatherWarningKind | null {
  for (const [name, kind] of ZH_KINDS) if (text.includes(name)) return kind;
  for (const [re, kind] of EN_KINDS) if (re.test(text)) return kind;
  return null;
}

export function warningKindOf(a: {
  event: string;
  headline?: string | null;
  eventCodes?: readonly ValuePair[];
}): WeatherWarningKind {
  const byEvent = kindOfText(a.event);
  if (byEvent) return byEvent;
  for (const c of a.eventCodes ?? []) {
    const value = c.value.trim();
    if (/^group$/i.test(c.valueName.trim()) && DWD_GROUPS[value.toUpperCase()]) {
      return DWD_GROUPS[value.toUpperCase()] as WeatherWarningKind;
    }
    const code = /^11B\d\d/i.exec(value)?.[0].toUpperCase();
    if (code && CN_CODES[code]) return CN_CODES[code] as WeatherWarningKind;
  }
  return (a.headline && kindOfText(a.headline)) || 'other';
}

const ZH_COLOURS: [string, WeatherWarningLevel][] = [
  ['红色', 'red'],
  ['橙色', 'orange'],
  ['黄色', 'yellow'],
  ['蓝色', 'blue'],
];
const EN_COLOUR = /\b(red|orange|amber|yellow|blue)\b/i;

function levelOfText(text: string): WeatherWarningLevel | null {
  for (const [word, level] of ZH_COLOURS) if (text.includes(word)) return level;
  const m = EN_COLOUR.exec(text)?.[1]?.toLowerCase();
  if (!m) return null;
  return m === 'amber' ? 'orange' : (m as WeatherWarningLevel);
}

const SEVERITY_LEVELS: Record<string, WeatherWarningLevel> = {
  Minor: 'blue',
  Moderate: 'yellow',
  Severe: 'orange',
  Extreme: 'red',
};

/** Parameters that name a colour or level (CMA `颜色`/`预警级别`, MeteoAlarm `awareness_level`, …). */
const LEVEL_PARAMETER = /colou?r|level|颜色|级别|等级/i;

/** The colour: words in event or headline, then a level parameter, then severity (Unknown: blue). */
export function warningLevelOf(a: {
  event: string;
  headline?: string | null;
  parameters?: readonly ValuePair[];
  severity: string;
}): WeatherWarningLevel {
  const byText = levelOfText(a.event) ?? (a.headline ? levelOfText(a.headline) : null);
  if (byText) return byText;
  for (const p of a.parameters ?? []) {
    if (!LEVEL_PARAMETER.test(p.valueName)) continue;
    const level = levelOfText(p.value);
    if (level) return level;
  }
  return SEVERITY_LEVELS[a.severity] ?? 'blue';
}
