import { nameIn } from '@thunderwatch/shared/names';
import type { TFunction } from 'i18next';

/** Why a background job failed, as the API says it (the advisor, a statistics query, a report). */
export interface JobFailure {
  code: string;
  params: Record<string, unknown>;
}

/** Parameters as the words take them: numbers and strings as they are, anything else as JSON. */
export function plainParams(params: Record<string, unknown>): Record<string, string | number> {
  const out: Record<string, string | number> = {};
  for (const [key, value] of Object.entries(params)) {
    if (typeof value === 'number' || typeof value === 'string') out[key] = value;
    else if (value !== null && value !== undefined) out[key] = JSON.stringify(value);
  }
  return out;
}

/**
 * A job's failure in the reader's language: the words of `errors.<code>` with its parameters (`words` readies
 * them; a site it names by its name in that language), or `errors.unknown` for a code the screen has no words
 * for.
 */
export function failureWords(
  t: TFunction,
  language: string,
  failure: JobFailure | null,
  words: (params: Record<string, unknown>) => Record<string, string | number> = plainParams,
): string {
  const params = failure?.params ?? {};
  const worded = words(params);
  if (typeof params.name === 'string') {
    const nameEn = typeof params.name_en === 'string' ? params.name_en : null;
    worded.name = nameIn(language, { name: params.name, name_en: nameEn });
  }
  return t([`errors.${failure?.code ?? 'unknown'}`, 'errors.unknown'], worded);
}
