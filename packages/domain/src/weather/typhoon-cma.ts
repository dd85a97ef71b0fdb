import { gradeOfCmaCode } from './typhoon-grade.js';
import {
  checkRange,
  normaliseLon,
  type ParsedStorm,
  TYPHOON_LIMITS,
  type TyphoonLineError,
  type TyphoonPoint,
  timeOfYmdh,
} from './typhoon-track.js';

/**
 * The CMA (Shanghai Typhoon Institute) best-track text. A header per storm,
 * `66666 BBBB CCC DDDD EEEE F G NAME DATE` (international number, number of data lines, serial of the year,
 * China number, end flag, hours between records, name, dataset date), then `CCC` lines
 * `YYYYMMDDHH I LAT LON PRES WND [OWD]` (UTC; intensity code; 0.1 °N; 0.1 °E; hPa; 2-minute wind m/s,
 * 0 = missing). Fields are split on whitespace, not by column: NESAT's header in CH2017BST.txt is one column
 * wider than the others.
 */
export function parseCmaBestTrack(lines: readonly string[]): {
  storms: ParsedStorm[];
  errors: TyphoonLineError[];
} {
  const storms: ParsedStorm[] = [];
  const errors: TyphoonLineError[] = [];
  let current: { storm: ParsedStorm; headerLine: number; expected: number; seen: number } | null = null;

  const close = () => {
    if (!current) return;
    if (current.seen !== current.expected) {
      errors.push({
        line: current.headerLine,
        reason: `header announces ${current.expected} records, ${current.seen} follow`,
      });
    }
    if (current.storm.track.length > 0) {
      const first = current.storm.track[0] as TyphoonPoint;
      const year = new Date(first.time).getUTCFullYear();
      current.storm.year = year;
      // Serial 0000 (a depression outside the numbering, CH2017BST.txt's first storm) is no identity: the
      // first record's time is, and stays when the storm is ingested again with more records.
      const id = current.storm.key === '0000' ? `t${ymdhOf(first.time)}` : current.storm.key;
      current.storm.key = `cma${year}-${id}`;
      storms.push(current.storm);
    }
    current = null;
  };

  lines.forEach((raw, i) => {
    const line = i + 1;
    const fields = raw.trim().split(/\s+/);
    if (fields[0] === '') return;
    if (fields[0] === '66666') {
      close();
      const header = parseHeader(fields);
      if (typeof header === 'string') errors.push({ line, reason: header });
      else current = { storm: header.storm, headerLine: line, expected: header.count, seen: 0 };
      return;
    }
    if (!current) {
      errors.push({ line, reason: 'data line before any 66666 header' });
      return;
    }
    current.seen++;
    const point = parseDataLine(fields);
    if (typeof point === 'string') errors.push({ line, reason: point });
    else current.storm.track.push(point);
  });
  close();
  // A header's count is checked when its storm closes: back into line order.
  errors.sort((a, b) => a.line - b.line);
  return { storms, errors };
}

function parseHeader(fields: string[]): { storm: ParsedStorm; count: number } | string {
  if (fields.length < 7) return `header has ${fields.length} fields, at least 7 expected`;
  const [, intl, count, serial, , endFlag] = fields as [string, string, string, string, string, string];
  if (!/^\d{4}$/.test(intl)) return `international number "${intl}" is not 4 digits`;
  if (!/^\d{1,3}$/.test(count)) return `record count "${count}" is not a number up to 999`;
  if (!/^\d{4}$/.test(serial)) return `serial "${serial}" is not 4 digits`;
  if (!/^[0-3]$/.test(endFlag)) return `end flag "${endFlag}" is not 0-3`;
  // The name runs up to the 8-digit dataset date that ends the header (when present).
  const tail = fields.slice(7);
  if (tail.length > 0 && /^\d{8}$/.test(tail[tail.length - 1] as string)) tail.pop();
  const name = tail.join(' ');
  const nameEn = name === '' || /nameless/i.test(name) ? null : name.slice(0, 40);
  return {
    count: Number(count),
    storm: {
      // Completed with the year of the first record when the storm closes.
      key: serial,
      format: 'cma',
      basin: 'WP',
      year: 0,
      number: intl === '0000' ? null : intl,
      nameEn,
      // Every end flag (dissipated, left the area, merged, quasi-stationary) closes a best track.
      ended: true,
      track: [],
      forecast: [],
    },
  };
}

function parseDataLine(fields: string[]): TyphoonPoint | string {
  if (fields.length < 6 || fields.length > 7) return `${fields.length} fields, 6 or 7 expected`;
  const [ymdh, code, lat, lon, pres, wnd] = fields as [string, string, string, string, string, string];
  const time = timeOfYmdh(ymdh);
  if (time === null) return `time "${ymdh}" is not YYYYMMDDHH`;
  for (const [name, text] of [
    ['grade', code],
    ['latitude', lat],
    ['longitude', lon],
    ['pressure', pres],
    ['wind', wnd],
  ] as const) {
    if (!/^-?\d{1,5}$/.test(text)) return `${name} "${text}" is not a whole number`;
  }
  const grade = gradeOfCmaCode(Number(code));
  if (grade === null) return `grade ${code} is not a CMA intensity code (0-6, 9)`;
  const latDeg = Number(lat) / 10;
  const lonDeg = Number(lon) / 10;
  const problem =
    checkRange('latitude', latDeg, [-90, 90]) ??
    checkRange('longitude', lonDeg, [0, 360]) ??
    (pres === '0' ? null : checkRange('pressure', Number(pres), TYPHOON_LIMITS.pressureHpa)) ??
    checkRange('wind', Number(wnd), TYPHOON_LIMITS.windMs);
  if (problem) return problem;
  return {
    time,
    lat: latDeg,
    lon: normaliseLon(lonDeg),
    pressureHpa: pres === '0' ? null : Number(pres),
    windMs: wnd === '0' ? null : Number(wnd),
    grade,
    radii: [],
  };
}

function ymdhOf(time: number): string {
  return new Date(time).toISOString().slice(0, 13).replace(/[-T]/g, '');
}
