import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { COORDINATE_PROBLEM_KEYS } from '@thunderwatch/domain/geo/coordinate-text';
import { POLYGON_TEXT_PROBLEM_KEYS } from '@thunderwatch/domain/geo/polygon-text';
import { WKT_EXPECTED } from '@thunderwatch/domain/geo/wkt-polygon';
import { GEOMETRY_ISSUE_CODES } from '@thunderwatch/domain/geo/zone-validation';
import { ERROR_CODES } from '@thunderwatch/shared/error-codes';
import { SUPPORTED_LANGUAGES } from '@thunderwatch/shared/languages';
import { ROLES } from '@thunderwatch/shared/permissions';
import { describe, expect, it } from 'vitest';
import { NAV_SCREENS, NAV_SECTIONS } from '../app/screens';

const I18N_DIR = fileURLToPath(new URL('../../public/assets/i18n/', import.meta.url));
const SRC_DIR = fileURLToPath(new URL('..', import.meta.url));

type Tree = { [key: string]: string | Tree };

function load(lang: string): Map<string, string> {
  const tree = JSON.parse(readFileSync(join(I18N_DIR, `${lang}.json`), 'utf8')) as Tree;
  const flat = new Map<string, string>();
  const walk = (node: Tree, prefix: string) => {
    for (const [key, value] of Object.entries(node)) {
      const path = prefix ? `${prefix}.${key}` : key;
      if (typeof value === 'string') flat.set(path, value);
      else walk(value, path);
    }
  };
  walk(tree, '');
  return flat;
}

const placeholders = (text: string) => [...text.matchAll(/\{\{\s*([\w.]+)\s*\}\}/g)].map((m) => m[1]).sort();

const files = Object.fromEntries(SUPPORTED_LANGUAGES.map((lang) => [lang, load(lang)])) as Record<
  (typeof SUPPORTED_LANGUAGES)[number],
  Map<string, string>
>;
const zh = files['zh-Hans'];
const en = files.en;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

describe('translation files', () => {
  it('zh-Hans and en have the same keys', () => {
    expect([...zh.keys()].sort()).toEqual([...en.keys()].sort());
  });

  it('each key has the same {{placeholders}} in both languages', () => {
    const differing = [...zh.keys()].filter(
      (key) =>
        JSON.stringify(placeholders(zh.get(key) ?? '')) !== JSON.stringify(placeholders(en.get(key) ?? '')),
    );
    expect(differing).toEqual([]);
  });

  it('has no empty translations', () => {
    for (const [lang, flat] of Object.entries(files)) {
      const empty = [...flat].filter(([, text]) => text.trim() === '').map(([key]) => `${lang}:${key}`);
      expect(empty).toEqual([]);
    }
  });

  it('translates every error code the server can answer', () => {
    const missing = ERROR_CODES.flatMap((code) =>
      Object.entries(files)
        .filter(([, flat]) => !flat.has(`errors.${code}`))
        .map(([lang]) => `${lang}:errors.${code}`),
    );
    expect(missing).toEqual([]);
  });

  it('names every screen, role, language, navigation section and problem the domain can report', () => {
    const screens = [
      ...NAV_SCREENS.map((screen) => screen.key),
      'login',
      'phone_login',
      'change_password',
      'reset_password',
      'profile',
    ];
    const needed = [
      ...screens.map((key) => `screens.${key}`),
      ...ROLES.map((role) => `roles.${role}`),
      ...SUPPORTED_LANGUAGES.map((lang) => `languages.${lang}`),
      ...NAV_SECTIONS.map((section) => `nav.${section}`),
      ...['too_short', 'too_long', 'needs_letter', 'needs_digit'].map((problem) => `password.${problem}`),
      ...['in_app', 'sms', 'email', 'wechat'].map((channel) => `profile.channel_${channel}`),
      ...COORDINATE_PROBLEM_KEYS.map((key) => `location.problem.point.${key}`),
      ...[...POLYGON_TEXT_PROBLEM_KEYS, ...GEOMETRY_ISSUE_CODES].map((key) => `map.paste.problem.${key}`),
      ...WKT_EXPECTED.map((key) => `map.paste.expected.${key}`),
    ];
    expect(needed.filter((key) => !zh.has(key) || !en.has(key))).toEqual([]);
  });

  it('contains every literal key the source code asks for', () => {
    const used = new Set<string>();
    for (const file of sourceFiles(SRC_DIR)) {
      for (const match of readFileSync(file, 'utf8').matchAll(/\bt\(\s*'([a-z_]+(?:\.[a-zA-Z_-]+)+)'/g)) {
        if (match[1]) used.add(match[1]);
      }
    }
    expect(used.size).toBeGreaterThan(50);
    // A key asked for with a count may be plural forms (i18next: `key_one`, `key_other`).
    const has = (words: Map<string, string>, key: string) => words.has(key) || words.has(`${key}_other`);
    expect([...used].filter((key) => !has(zh, key) || !has(en, key)).sort()).toEqual([]);
  });

  it('keeps the fixed wording of the not-found text', () => {
    expect(zh.get('not_found.message')).toBe('您访问的页面不存在，请检查网址是否正确');
  });
});
