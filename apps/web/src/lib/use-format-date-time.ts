import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from './current-user';
import { formatDateTime } from './time';

/** `formatDateTime` in the signed-in user's time zone and the interface's language, for a screen's words. */
export function useFormatDateTime(): (iso: string) => string {
  const { i18n } = useTranslation();
  const timeZone = useCurrentUser().data?.time_zone;
  const language = i18n.language;
  return useCallback((iso: string) => formatDateTime(iso, timeZone, language), [timeZone, language]);
}
