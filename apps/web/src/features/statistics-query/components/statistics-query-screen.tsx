import type { QueryJob, StrokeQuerySpec } from '@thunderwatch/shared/schemas/stroke-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorMessage } from '../../../components/error-message';
import { useCurrentUser } from '../../../lib/current-user';
import { failureWords } from '../../../lib/failure-words';
import { DEFAULT_TIME_ZONE } from '../../../lib/time';
import { MapWorkspace } from '../../../map/map-workspace';
import { EMPTY_DRAFT, type PolygonDraft } from '../../../map/sites/polygon-draft';
import { useQueryJob, useRunQuery } from '../api/queries';
import { emptyForm, fromSpec, type QueryForm, toSpec } from '../model/query-form';
import { QueryFormFields } from './query-form-fields';
import { QueryMap } from './query-map';
import { QueryResults } from './query-results';
import { SavedQueries } from './saved-queries';
import '../statistics-query.css';

const today = (timeZone: string) =>
  new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    new Date(),
  );

/**
 * The statistics query builder: an area, days, filters and a grouping; small queries answer at once, large
 * ones run as jobs with a progress bar; the result as totals, chart, table and density map, downloadable.
 */
export function StatisticsQueryScreen() {
  const { t, i18n } = useTranslation();
  const user = useCurrentUser();
  const timeZone = user.data?.time_zone ?? DEFAULT_TIME_ZONE;
  const [form, setForm] = useState<QueryForm>(() => emptyForm(today(timeZone)));
  const [draft, setDraft] = useState<PolygonDraft>(EMPTY_DRAFT);
  const [submitted, setSubmitted] = useState<QueryJob | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const run = useRunQuery();
  const job = useQueryJob(submitted);
  const spec = toSpec(form, draft, timeZone);
  const current: StrokeQuerySpec | null = 'key' in spec ? null : spec;
  const shown = job.data ?? submitted;

  const onRun = (e: React.FormEvent) => {
    e.preventDefault();
    if ('key' in spec) {
      setProblem(t(`statistics_query.problems.${spec.key}`));
      return;
    }
    setProblem(null);
    run.mutate(spec, { onSuccess: setSubmitted });
  };

  return (
    <MapWorkspace
      title={t('screens.statistics_query')}
      map={
        <QueryMap
          result={shown?.result ?? null}
          drawing={form.areaKind === 'polygon' ? { draft, onChange: setDraft } : null}
          onPick={
            form.areaKind === 'radius'
              ? ([lon, lat]) => setForm({ ...form, lat: lat.toFixed(4), lon: lon.toFixed(4) })
              : null
          }
        />
      }
    >
      <p className="page-intro">{t('statistics_query.intro')}</p>
      <form onSubmit={onRun} className="sq-form" noValidate>
        <QueryFormFields form={form} onChange={setForm} draft={draft} onDraftChange={setDraft} />
        {problem && (
          <p className="alert alert-error" role="alert">
            {problem}
          </p>
        )}
        <ErrorMessage error={run.error ?? job.error} />
        <button type="submit" className="button" disabled={run.isPending}>
          {t('statistics_query.run')}
        </button>
      </form>
      {shown && (shown.status === 'queued' || shown.status === 'running') && (
        <div className="sq-progress" role="status">
          <span>{t('statistics_query.running', { count: shown.estimated })}</span>
          <progress max={1} value={shown.progress} aria-label={t('statistics_query.progress')} />
        </div>
      )}
      {shown?.status === 'failed' && (
        <p className="alert alert-error" role="alert">
          {t('statistics_query.failed', {
            error: failureWords(t, i18n.language, shown.error),
          })}
        </p>
      )}
      {shown?.status === 'done' && <QueryResults job={shown} />}
      <SavedQueries
        current={current}
        onLoad={(saved) => {
          const loaded = fromSpec(saved, form);
          setForm(loaded.form);
          setDraft(loaded.draft);
        }}
      />
    </MapWorkspace>
  );
}
