import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useOpenSiteAlarms } from '../api/get-open-site-alarms';
import { type SiteAlert, siteAlertsByLocation } from '../components/site-alerts';

/** The weather alerts of my group's locations (official warnings, typhoon and wave alarms), by location. */
export function useSiteAlerts(): Map<number, SiteAlert[]> {
  const { t, i18n } = useTranslation();
  const alarms = useOpenSiteAlarms().data?.items;
  return useMemo(() => siteAlertsByLocation(t, alarms ?? [], i18n.language), [t, i18n.language, alarms]);
}
