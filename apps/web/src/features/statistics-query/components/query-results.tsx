import type { QueryJob } from '@thunderwatch/shared/schemas/stroke-query';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorMessage } from '../../../components/error-message';
import { saveBlob } from '../../../lib/download';
import { localeOf } from '../../../lib/time';
import { exportQuery } from '../api/queries';

const QueryChart = lazy(() => import('./query-chart'));
const COUNTS = ['strokes', 'cg', 'ic', 'positive', 'negative', 'max_abs_ka', 'mean_abs_ka'] as const;

/** A finished query: its totals, the chart and table of its groups, and its downloads. */
export function QueryResults({ job }: { job: QueryJob }) {
  const { t, i18n } = useTranslation();
  const [error, setError] = useState<unknown>(null);
  const zh = i18n.language === 'zh-Hans';
  const fmt = new Intl.NumberFormat(localeOf(i18n.language), { maximumFractionDigits: 1 });
  const cell = (v: number | null) => (v === null ? '—' : fmt.format(v));
  const result = job.result;
  if (!result) return null;
  const download = async (format: 'csv' | 'xlsx') => {
    try {
      setError(null);
      saveBlob(await exportQuery(job.id, { format }), `strokes_${job.spec.group_by}.${format}`);
    } catch (e) {
      setError(e);
    }
  };
  return (
    <section className="sq-results" aria-labelledby="sq-results-title">
      <h2 id="sq-results-title">{t('statistics_query.results')}</h2>
      <dl className="sq-totals" data-testid="query-totals">
        {COUNTS.map((k) => (
          <div key={k} data-testid={`total-${k}`}>
            <dt>{t(`statistics_query.columns.${k}`)}</dt>
            <dd>{cell(result.totals[k])}</dd>
          </div>
        ))}
        {result.area_km2 !== null && result.area_km2 > 0 && (
          <div>
            <dt>{t('statistics_query.per_km2')}</dt>
            <dd>
              {new Intl.NumberFormat(localeOf(i18n.language), { maximumFractionDigits: 3 }).format(
                result.totals.strokes / result.area_km2,
              )}
            </dd>
          </div>
        )}
      </dl>
      <div className="sq-downloads">
        <button
          type="button"
          className="button button-secondary button-small"
          onClick={() => void download('csv')}
        >
          {t('statistics_query.export_csv')}
        </button>
        <button
          type="button"
          className="button button-secondary button-small"
          onClick={() => void download('xlsx')}
        >
          {t('statistics_query.export_xlsx')}
        </button>
      </div>
      <ErrorMessage error={error} />
      {result.groups.length > 0 && (
        <Suspense fallback={<div className="sq-chart" />}>
          <QueryChart groups={result.groups} />
        </Suspense>
      )}
      <div className="table-wrap">
        <table className="table table-dense" data-testid="query-table">
          <thead>
            <tr>
              <th scope="col">{t(`statistics_query.groups.${job.spec.group_by}`)}</th>
              {COUNTS.map((k) => (
                <th key={k} scope="col" className="numeric">
                  {t(`statistics_query.columns.${k}`)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {result.groups.length === 0 && (
              <tr>
                <td colSpan={COUNTS.length + 1} className="empty">
                  {t('statistics_query.no_strokes')}
                </td>
              </tr>
            )}
            {result.groups.map((g) => (
              <tr key={g.key}>
                <td>{(zh ? g.name_zh : g.name_en) ?? g.key}</td>
                {COUNTS.map((k) => (
                  <td key={k} className="numeric">
                    {cell(g[k])}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
