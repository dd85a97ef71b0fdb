import type { Language } from '@thunderwatch/shared/languages';
import { isLanguage } from '@thunderwatch/shared/languages';

/**
 * The interface language: a saved choice wins; otherwise the browser's first language decides:
 * any `zh…` tag gives zh-Hans, everything else en.
 */
export function resolveLanguage(saved: unknown, browserLanguages: readonly string[]): Language {
  if (isLanguage(saved)) return saved;
  const first = browserLanguages[0]?.toLowerCase() ?? '';
  return first === 'zh' || first.startsWith('zh-') || first.startsWith('zh_') ? 'zh-Hans' : 'en';
}
