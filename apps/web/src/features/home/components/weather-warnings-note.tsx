import { useTranslation } from 'react-i18next';

/** Under the official weather warnings layer: how many are in force, or that none is (once known). */
export function WeatherWarningsNote({ count, loading }: { count: number; loading: boolean }) {
  const { t } = useTranslation();
  if (loading) return null;
  return (
    <p className="muted" data-testid="weather-warnings-note">
      {count === 0
        ? t('home.layers.weather_warnings_none')
        : t('home.layers.weather_warnings_count', { count })}
    </p>
  );
}
