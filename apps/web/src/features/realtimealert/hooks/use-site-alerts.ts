import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useBoardWaveAlarms, useTyphoonAlarms } from '../api/get-site-alerts';
import { useWeatherWarningAlarms } from '../api/get-weather-warning-alarms';
import { type SiteAlert, siteAlertsByLocation } from '../components/site-alerts';

/** The weather alerts of my group's locations (official warnings, typhoon and wave alarms), by location. */
export function useSiteAlerts(): Map<number, SiteAlert[]> {
  const { t, i18n } = useTranslation();
  const warnings = useWeatherWarningAlarms().data?.items;
  const typhoons = useTyphoonAlarms().data?.items;
  const waves = useBoardWaveAlarms().data?.items;
  return useMemo(
    () =>
      siteAlertsByLocation(
        t,
        { warnings: warnings ?? [], typhoons: typhoons ?? [], waves: waves ?? [] },
        i18n.language,
      ),
    [t, i18n.language, warnings, typhoons, waves],
  );
}
