/**
 * Things named in two languages (sites, detection devices, weather stations, groups): `name` is the name
 * its owner gave (the demo's in Chinese), `name_en` the English one where one was given. Every screen,
 * export and message names such a thing through these, so the rule is in one place: an English reader gets
 * the English name and falls back to the own one; any other reader gets the own name, which every such
 * thing has.
 */
export interface TwoNames {
  name: string;
  name_en?: string | null;
}

/** Whether a reader of `language` (`en`, `zh-Hans`, or a browser's `en-GB`) is given English names. */
export function readsEnglish(language: string): boolean {
  return language.startsWith('en');
}

/** The name of `name` / `nameEn` a reader of `language` reads. */
export function nameFor(language: string, name: string, nameEn: string | null | undefined): string {
  return (readsEnglish(language) && nameEn?.trim()) || name;
}

/** A thing's name in the reader's language (see `nameFor`). */
export function nameIn(language: string, thing: TwoNames): string {
  return nameFor(language, thing.name, thing.name_en);
}

/**
 * The site a record is about (an alarm, an episode, a message's facts: `location_name` beside
 * `location_name_en`) in the reader's language.
 */
export function siteNameIn(
  language: string,
  record: { location_name: string; location_name_en?: string | null },
): string {
  return nameFor(language, record.location_name, record.location_name_en);
}

/**
 * An English name as given in a request: trimmed, and null for none (left out, null or blank), so a blank
 * field clears the stored one and the screens fall back to the own name.
 */
export function englishName(given: string | null | undefined): string | null {
  const trimmed = given?.trim();
  return trimmed ? trimmed : null;
}
