import { readFileSync } from 'node:fs';
import path from 'node:path';

export type Lang = 'en' | 'zh-Hans';

/** The interface's translation files, as the web app reads them. */
export const translations: Record<Lang, Record<string, unknown>> = {
  en: readJson('en'),
  'zh-Hans': readJson('zh-Hans'),
};

function readJson(lang: Lang) {
  const file = path.resolve(import.meta.dirname, `../public/assets/i18n/${lang}.json`);
  return JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
}

/** The interface's own text for `key` (dotted), so a walk reads what a user reads in that language. */
export function text(lang: Lang, key: string): string {
  const value = key
    .split('.')
    .reduce<unknown>((node, part) => (node as Record<string, unknown>)?.[part], translations[lang]);
  if (typeof value !== 'string') throw new Error(`no ${lang} text for ${key}`);
  return value;
}
