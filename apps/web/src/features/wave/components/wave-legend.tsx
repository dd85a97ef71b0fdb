import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useIsPhone } from '../../../lib/use-media-query';
import { DOUGLAS_LEGEND, NO_HEIGHT_COLOR } from '../../../map/weather/wave-features';

/**
 * The map's key: each Douglas degree with its name and height range, a station without height, the alert
 * ring. Folded on a phone, where it would cover most of the map.
 */
export function WaveLegend() {
  const { t } = useTranslation();
  const phone = useIsPhone();
  const [open, setOpen] = useState(!phone);
  useEffect(() => setOpen(!phone), [phone]);
  return (
    <details
      className="wave-legend"
      open={open}
      onToggle={(e) => setOpen((e.currentTarget as HTMLDetailsElement).open)}
    >
      <summary>{t('wave.legend.title')}</summary>
      <ul aria-label={t('wave.legend.title')}>
        {DOUGLAS_LEGEND.map((d) => (
          <li key={d.degree}>
            <span className="wave-swatch" style={{ background: d.color }} />
            <span>
              {d.degree} {t(`wave.degree.${d.degree}`)}
            </span>
            <span className="muted">
              {d.upper === null
                ? t('wave.legend.above', { m: d.lower })
                : d.upper === 0
                  ? t('wave.legend.zero')
                  : t('wave.legend.range', { lower: d.lower, upper: d.upper })}
            </span>
          </li>
        ))}
        <li>
          <span className="wave-swatch" style={{ background: NO_HEIGHT_COLOR }} />
          <span>{t('wave.legend.no_height')}</span>
        </li>
        <li>
          <span className="wave-swatch wave-swatch-alert" />
          <span>{t('wave.legend.alert')}</span>
        </li>
      </ul>
    </details>
  );
}
