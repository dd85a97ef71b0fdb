import type { AdviceSet, AdviseObjective, AdviseSite } from '@thunderwatch/shared/schemas/advise';
import type { LocationDto } from '@thunderwatch/shared/schemas/locations';
import { ADVISE_DEFAULT_MAX_FAR, ADVISE_DEFAULT_MIN_POD } from '@thunderwatch/shared/warnings';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorMessage } from '../../../components/error-message';
import { minutes, percent } from '../../../lib/warning-skill';
import { useApplyAdvice } from '../api/advise';
import {
  FRONT_FIRST,
  nextOrder,
  ringsSummary,
  type SortKey,
  type SortOrder,
  sortSets,
  wordParams,
} from '../model/advise';

const AdviseChart = lazy(() => import('./advise-chart'));

/** The recommendation in the reader's language, from its code, the objective and its params. */
export function useRecommendationText() {
  const { t } = useTranslation();
  return (site: Pick<AdviseSite, 'recommendation'>, objective: AdviseObjective) => {
    const { code, params } = site.recommendation;
    const words = wordParams(params);
    // `meets_objective` and `none_meets` are worded per objective; any other code on its own.
    const perObjective = `advise.recommendation.${code}.${objective.kind}`;
    return t([perObjective, `advise.recommendation.${code}`, 'advise.recommendation.unknown'], {
      ...wordParams({ min_pod: ADVISE_DEFAULT_MIN_POD, max_far: ADVISE_DEFAULT_MAX_FAR, ...objective }),
      ...words,
    });
  };
}

/** A rule set in one line: "10/20/30 km · 30 min · 1 in 5 min". */
export function useRulesText() {
  const { t } = useTranslation();
  return (set: Pick<AdviceSet, 'rings'>) => t('advise.rings_summary', ringsSummary(set.rings));
}

interface AdviseResultsProps {
  jobId: string;
  site: AdviseSite;
  objective: AdviseObjective;
  location: LocationDto;
  canEdit: boolean;
}

const COLUMNS: { key: SortKey | null; label: string }[] = [
  { key: 'front', label: 'advise.table.rules' },
  { key: 'pod', label: 'advise.table.pod' },
  { key: 'far', label: 'advise.table.far' },
  { key: 'csi', label: 'advise.table.csi' },
  { key: 'median_lead_time_min', label: 'advise.table.lead' },
  { key: 'warning_minutes', label: 'advise.table.warning_minutes' },
];

/** One site's advice: what was replayed, the recommendation, the chart, what the figures mean, the sets. */
export function AdviseResults({ jobId, site, objective, location, canEdit }: AdviseResultsProps) {
  const { t } = useTranslation();
  const recommendation = useRecommendationText();
  const rules = useRulesText();
  const [order, setOrder] = useState<SortOrder>(FRONT_FIRST);
  const [choosing, setChoosing] = useState<AdviceSet | null>(null);
  const [applied, setApplied] = useState<string | null>(null);
  const current = site.sets.find((s) => s.id === site.current_set_id) ?? null;
  const [all, setAll] = useState(false);
  const shown = (set: AdviceSet) => all || set.on_front || set.current || set.id === site.recommended_set_id;
  const rows = sortSets(site, order).filter(shown);
  const hidden = site.sets.length - rows.length;
  const sortState = (key: SortKey | null) => {
    if (key === null || key !== order.key) return undefined;
    if (key === 'front') return 'other' as const;
    return order.descending ? ('descending' as const) : ('ascending' as const);
  };
  return (
    <div className="advise-results" data-testid="advise-results">
      <p className="field-hint" data-testid="advise-replayed">
        {t('advise.replayed', {
          strokes: site.strokes,
          events: site.events,
          radius: site.event_definition.radius_km,
          gap: site.event_definition.gap_min,
        })}
      </p>
      <p className="advise-recommendation" data-testid="advise-recommendation">
        {recommendation(site, objective)}
      </p>
      {site.sets.some((s) => s.pod !== null) && (
        <Suspense fallback={<div className="advise-chart" />}>
          <AdviseChart site={site} />
        </Suspense>
      )}
      <p className="field-hint" data-testid="advise-explain">
        {t('advise.explain', { radius: site.event_definition.radius_km })}
      </p>
      {applied && (
        <p className="alert alert-info" role="status" data-testid="advise-applied">
          {t('advise.applied', { rules: rules(site.sets.find((s) => s.id === applied) ?? { rings: [] }) })}
        </p>
      )}
      <div className="table-wrap">
        <table className="table table-dense table-cards advise-table" data-testid="advise-table">
          <caption className="visually-hidden">{t('advise.table.caption')}</caption>
          <thead>
            <tr>
              {COLUMNS.map(({ key, label }) => (
                <th key={label} scope="col" aria-sort={sortState(key)}>
                  {key ? (
                    <button
                      type="button"
                      className="advise-sort"
                      onClick={() => setOrder((o) => nextOrder(o, key))}
                      title={key === 'front' ? t('advise.table.front_first') : undefined}
                    >
                      {t(label)}
                      {key === order.key && key !== 'front' && (order.descending ? ' ↓' : ' ↑')}
                    </button>
                  ) : (
                    t(label)
                  )}
                </th>
              ))}
              {canEdit && <th scope="col">{t('common.actions')}</th>}
            </tr>
          </thead>
          <tbody>
            {rows.map((set) => (
              <tr
                key={set.id}
                data-testid={`advise-set-${set.id}`}
                className={
                  [
                    set.on_front || set.current || set.id === site.recommended_set_id
                      ? ''
                      : 'advise-off-front',
                    set.current ? 'advise-current' : '',
                    set.id === site.recommended_set_id ? 'advise-recommended' : '',
                  ]
                    .join(' ')
                    .trim() || undefined
                }
              >
                <td>
                  <span className="advise-rules">{rules(set)}</span>
                  <span className="advise-tags">
                    {set.current && (
                      <span className="advise-tag advise-tag-current">{t('advise.tag.current')}</span>
                    )}
                    {set.id === site.recommended_set_id && (
                      <span className="advise-tag advise-tag-recommended">{t('advise.tag.recommended')}</span>
                    )}
                    {set.on_front && <span className="advise-tag">{t('advise.tag.front')}</span>}
                    {set.predicted && <span className="advise-tag">{t('advise.predicted')}</span>}
                  </span>
                </td>
                <td data-label={t('advise.table.pod')}>{percent(set.pod)}</td>
                <td data-label={t('advise.table.far')}>{percent(set.far)}</td>
                <td data-label={t('advise.table.csi')}>{percent(set.csi)}</td>
                <td data-label={t('advise.table.lead')}>{minutes(set.median_lead_time_min)}</td>
                <td data-label={t('advise.table.warning_minutes')}>{minutes(set.warning_minutes)}</td>
                {canEdit && (
                  <td className="actions">
                    {!set.current && (
                      <button
                        type="button"
                        className="button button-small button-secondary"
                        aria-label={t('advise.apply_of', { rules: rules(set) })}
                        onClick={() => setChoosing(set)}
                      >
                        {t('advise.apply')}
                      </button>
                    )}
                  </td>
                )}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {(hidden > 0 || all) && (
        <button
          type="button"
          className="button button-small button-secondary advise-all"
          aria-expanded={all}
          onClick={() => setAll((a) => !a)}
        >
          {all ? t('advise.table.front_only') : t('advise.table.show_all', { count: site.sets.length })}
        </button>
      )}
      {choosing && (
        <ApplyDialog
          jobId={jobId}
          location={location}
          current={current}
          chosen={choosing}
          onClose={(done) => {
            if (done) setApplied(choosing.id);
            setChoosing(null);
          }}
        />
      )}
    </div>
  );
}

const FIGURES = ['pod', 'far', 'csi', 'median_lead_time_min', 'warning_minutes'] as const;

/** "Give the site these rules?": the current and the chosen set's rules and figures side by side. */
function ApplyDialog({
  jobId,
  location,
  current,
  chosen,
  onClose,
}: {
  jobId: string;
  location: LocationDto;
  current: AdviceSet | null;
  chosen: AdviceSet;
  onClose: (applied: boolean) => void;
}) {
  const { t } = useTranslation();
  const rules = useRulesText();
  const dialog = useRef<HTMLDialogElement>(null);
  const apply = useApplyAdvice();
  useEffect(() => {
    const element = dialog.current;
    if (element && !element.open) element.showModal();
    return () => element?.close();
  }, []);
  const figure = (set: AdviceSet | null, key: (typeof FIGURES)[number]) => {
    if (!set) return '–';
    if (key === 'median_lead_time_min' || key === 'warning_minutes') return minutes(set[key]);
    return percent(set[key]);
  };
  return (
    <dialog
      ref={dialog}
      className="modal-dialog"
      aria-labelledby="advise-dialog-title"
      data-testid="advise-dialog"
      onCancel={(event) => {
        event.preventDefault();
        onClose(false);
      }}
    >
      <form
        className="form"
        onSubmit={(event) => {
          event.preventDefault();
          apply.mutate(
            { jobId, location_id: location.id, set_id: chosen.id },
            { onSuccess: () => onClose(true) },
          );
        }}
      >
        <h2 id="advise-dialog-title">{t('advise.dialog.title')}</h2>
        <p>{t('advise.dialog.intro')}</p>
        <div className="table-wrap">
          <table className="table table-dense advise-compare">
            <thead>
              <tr>
                <th scope="col">
                  <span className="visually-hidden">{t('backtest.figure')}</span>
                </th>
                <th scope="col">{t('advise.dialog.current')}</th>
                <th scope="col">{t('advise.dialog.chosen')}</th>
              </tr>
            </thead>
            <tbody>
              <tr>
                <th scope="row">{t('advise.table.rules')}</th>
                <td>{current ? rules(current) : '–'}</td>
                <td data-testid="advise-dialog-chosen">{rules(chosen)}</td>
              </tr>
              <tr>
                <th scope="row">{t('advise.dialog.predicted')}</th>
                <td>{current ? (current.predicted ? t('common.yes') : t('common.no')) : '–'}</td>
                <td>{chosen.predicted ? t('common.yes') : t('common.no')}</td>
              </tr>
              {FIGURES.map((key) => (
                <tr key={key}>
                  <th scope="row">{t(`advise.dialog.figures.${key}`)}</th>
                  <td>{figure(current, key)}</td>
                  <td>{figure(chosen, key)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <p className="field-hint">{t('advise.dialog.note')}</p>
        <ErrorMessage error={apply.error} />
        <div className="form-actions">
          <button type="submit" className="button" disabled={apply.isPending}>
            {t('advise.dialog.confirm')}
          </button>
          <button type="button" className="button button-secondary" onClick={() => onClose(false)}>
            {t('common.cancel')}
          </button>
        </div>
      </form>
    </dialog>
  );
}
