import type { RadarFrame } from '@thunderwatch/shared/schemas/radar';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/time';

export interface RadarControlsProps {
  on: boolean;
  onToggle: (on: boolean) => void;
  products: string[];
  product: string | null;
  onProduct: (product: string) => void;
  opacity: number;
  onOpacity: (opacity: number) => void;
  frame: RadarFrame | null;
  loading: boolean;
  timeZone: string;
  /** Inside the layer switcher: no switch or opacity of its own (the switcher has them). */
  bare?: boolean;
}

/**
 * A radar product's name in the reader's language where it has one (the demo's `sim_dbz`); a real product is
 * named by its code (N0Q, DBZH), the same in every language.
 */
export function radarProductName(t: TFunction, product: string): string {
  return t(`home.radar.products.${product}`, { defaultValue: product });
}

/** The radar layer's switch and, when on: product choice, opacity, the frame shown and its legend. */
export function RadarControls(p: RadarControlsProps) {
  const { t, i18n } = useTranslation();
  const steps = p.frame?.legend.steps ?? [];
  return (
    <>
      {!p.bare && (
        <label className="checkbox">
          <input type="checkbox" checked={p.on} onChange={(e) => p.onToggle(e.target.checked)} />
          {t('home.layers.radar')}
          {p.on && p.loading && <span className="muted"> …</span>}
        </label>
      )}
      {p.on && (
        <div className="radar-controls">
          {p.products.length > 1 && (
            <select
              value={p.product ?? ''}
              onChange={(e) => p.onProduct(e.target.value)}
              aria-label={t('home.radar.product')}
            >
              {p.products.map((name) => (
                <option key={name} value={name}>
                  {radarProductName(t, name)}
                </option>
              ))}
            </select>
          )}
          {!p.bare && (
            <label className="radar-opacity">
              {t('home.radar.opacity')}
              <input
                type="range"
                min={0.1}
                max={1}
                step={0.1}
                value={p.opacity}
                onChange={(e) => p.onOpacity(Number(e.target.value))}
              />
            </label>
          )}
          <p className="radar-frame muted" role="status">
            {p.frame
              ? t('home.radar.frame', {
                  product: radarProductName(t, p.frame.product),
                  time: formatDateTime(p.frame.time, p.timeZone, i18n.language),
                })
              : t('home.radar.no_frame')}
          </p>
          {p.frame && (
            <figure
              className="radar-legend"
              aria-label={t('home.radar.legend', { units: p.frame.legend.units })}
            >
              <div className="radar-legend-bar">
                {steps.map((s) => (
                  <span
                    key={s.from}
                    style={{ background: s.color }}
                    title={`≥ ${s.from} ${p.frame?.legend.units}`}
                  />
                ))}
              </div>
              <figcaption>
                <span>{steps[0]?.from}</span>
                <span>{t('home.radar.legend', { units: p.frame.legend.units })}</span>
                <span>{`≥ ${steps.at(-1)?.from}`}</span>
              </figcaption>
            </figure>
          )}
        </div>
      )}
    </>
  );
}
