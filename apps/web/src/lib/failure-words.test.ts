import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { failureWords } from './failure-words';

/** A `t` that answers the first key it knows, with its params filled in. */
const words: Record<string, string> = {
  'errors.unknown': 'Something went wrong.',
  'errors.query.abandoned': 'Given up after {{attempts}} tries.',
  'errors.advise.location_gone': '“{{name}}” was deleted.',
};
const t = ((keys: string[], params: Record<string, unknown>) => {
  const known = keys.find((k) => k in words) as string;
  return (words[known] as string).replace(/\{\{(\w+)\}\}/g, (_, k) => String(params[k]));
}) as unknown as TFunction;

describe('failureWords', () => {
  it.each([
    {
      failure: { code: 'query.abandoned', params: { attempts: 3 } },
      lang: 'en',
      out: 'Given up after 3 tries.',
    },
    {
      failure: { code: 'advise.location_gone', params: { name: '码头', name_en: 'Pier' } },
      lang: 'en',
      out: '“Pier” was deleted.',
    },
    {
      failure: { code: 'advise.location_gone', params: { name: '码头', name_en: 'Pier' } },
      lang: 'zh-Hans',
      out: '“码头” was deleted.',
    },
    { failure: { code: 'no.such_code', params: {} }, lang: 'en', out: 'Something went wrong.' },
    { failure: null, lang: 'en', out: 'Something went wrong.' },
  ])('$failure.code in $lang', ({ failure, lang, out }) => {
    expect(failureWords(t, lang, failure)).toBe(out);
  });
});
