import type { Language } from '@thunderwatch/shared/languages';
import { useTranslation } from 'react-i18next';

/** The interface language as the map's labels know it (re-renders when it changes). */
export function useMapLanguage(): Language {
  const { i18n } = useTranslation();
  return i18n.language === 'en' ? 'en' : 'zh-Hans';
}
