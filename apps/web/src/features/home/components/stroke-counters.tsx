import { useTranslation } from 'react-i18next';
import { filterActive, NO_STROKE_FILTER, type StrokeFilter } from '../../../lib/stroke-filter';
import type { StrokeCounts } from '../../../lib/stroke-store';
import { useIsPhone } from '../../../lib/use-media-query';
import { AGE_BINS, FADED_COLOR, type StrokeMode } from '../../../map/lightning/stroke-style';
import { describeFilter } from './stroke-filter-control';

/**
 * Strokes in the last 5/15/60 minutes (of the live clock or the replay cursor) and the age colours; with a
 * stroke filter on, the strokes it keeps, and says so.
 */
export function StrokeCounters({
  counts,
  mode,
  filter = NO_STROKE_FILTER,
}: {
  counts: StrokeCounts;
  mode: StrokeMode;
  filter?: StrokeFilter;
}) {
  const { t } = useTranslation();
  const phone = useIsPhone();
  const values = [counts.last5, counts.last15, counts.last60];
  return (
    <section className="home-panel stroke-counters" aria-label={t('home.counters.title')}>
      <h2>{t('home.counters.title')}</h2>
      <dl>
        {AGE_BINS.map((bin, i) => (
          <div key={bin.minutes} className="stroke-counter">
            <dt>{t('home.counters.last', { minutes: bin.minutes })}</dt>
            <dd data-testid={`count-${bin.minutes}`}>{(values[i] ?? 0).toLocaleString()}</dd>
          </div>
        ))}
      </dl>
      {filterActive(filter) && (
        <p className="stroke-filter-note" data-testid="stroke-filter-note">
          {t('home.counters.filtered', { filter: describeFilter(filter, t) })}
        </p>
      )}
      {/* On a phone the legend starts folded so the map stays visible; the counts stay in view. */}
      <details key={phone ? 'phone' : 'wide'} className="home-collapsible" open={!phone}>
        <summary>{t('home.legend.title')}</summary>
        <ul className="stroke-legend" aria-label={t('home.legend.title')}>
          {AGE_BINS.map((bin, i) => (
            <li key={bin.minutes}>
              <span className="legend-dot" style={{ background: bin.color }} />
              {t('home.legend.age', { from: i === 0 ? 0 : AGE_BINS[i - 1]?.minutes, to: bin.minutes })}
            </li>
          ))}
          {mode === 'replay' && (
            <li>
              <span className="legend-dot" style={{ background: FADED_COLOR, opacity: 0.5 }} />
              {t('home.legend.older')}
            </li>
          )}
          <li>
            <span className="legend-dot legend-cg" />
            {t('home.legend.cg')}
          </li>
          <li>
            <span className="legend-dot legend-ic" />
            {t('home.legend.ic')}
          </li>
          <li>
            <span className="legend-dot legend-positive" />
            {t('home.legend.positive')}
          </li>
        </ul>
      </details>
    </section>
  );
}
