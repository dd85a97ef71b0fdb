import type { AdviseJob, AdviseObjective } from '@thunderwatch/shared/schemas/advise';
import { ADVISE_MAX_DAYS } from '@thunderwatch/shared/warnings';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateField } from '../../../components/date-field';
import { failureWords } from '../../../lib/failure-words';
import {
  DEFAULT_THRESHOLD,
  lastLocalDays,
  OBJECTIVE_KINDS,
  type ObjectiveKind,
  type ObjectiveProblem,
  type PeriodProblem,
  parseObjective,
  periodToIso,
  progressPercent,
  wordParams,
} from '../model/advise';

interface AdviseFormProps {
  /** Prefix of the fields' ids (two forms may share a page). */
  id: string;
  /** Whose local days the period is. */
  timeZone: string;
  running: boolean;
  onRun: (window: { from: string; to: string; objective: AdviseObjective }) => void;
}

/** The advisor's question: a period of local days (default the last 30) and an objective. */
export function AdviseForm({ id, timeZone, running, onRun }: AdviseFormProps) {
  const { t } = useTranslation();
  const [period, setPeriod] = useState(() => lastLocalDays(new Date(), timeZone));
  const [kind, setKind] = useState<ObjectiveKind>('least_warning_at_pod');
  const [threshold, setThreshold] = useState(DEFAULT_THRESHOLD.least_warning_at_pod);
  const [problems, setProblems] = useState<(PeriodProblem | ObjectiveProblem)[]>([]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const window = periodToIso(period.from, period.to, timeZone);
    const objective = parseObjective(kind, threshold);
    const found = [
      ...('problem' in window ? [window.problem] : []),
      ...('problem' in objective ? [objective.problem] : []),
    ];
    setProblems(found);
    if ('problem' in window || 'problem' in objective) return;
    onRun({ ...window, objective: objective.objective });
  };

  return (
    <form onSubmit={submit} noValidate className="advise-form">
      <div className="backtest-range">
        <DateField
          id={`${id}-from`}
          label={t('advise.from')}
          value={period.from}
          onValueChange={(from) => setPeriod((p) => ({ ...p, from }))}
          hint={t('advise.period_hint', { zone: timeZone, days: ADVISE_MAX_DAYS })}
          timeZone={timeZone}
        />
        <DateField
          id={`${id}-to`}
          label={t('advise.to')}
          value={period.to}
          onValueChange={(to) => setPeriod((p) => ({ ...p, to }))}
          timeZone={timeZone}
        />
      </div>
      <div className="advise-objective">
        <div className="field">
          <label htmlFor={`${id}-objective`}>{t('advise.objective')}</label>
          <select
            id={`${id}-objective`}
            value={kind}
            onChange={(event) => {
              const next = event.target.value as ObjectiveKind;
              setKind(next);
              setThreshold(DEFAULT_THRESHOLD[next]);
            }}
          >
            {OBJECTIVE_KINDS.map((k) => (
              <option key={k} value={k}>
                {t(`advise.objectives.${k}`)}
              </option>
            ))}
          </select>
        </div>
        {kind !== 'best_csi' && (
          <div className="field advise-threshold">
            <label htmlFor={`${id}-threshold`}>{t(`advise.threshold.${kind}`)}</label>
            <input
              id={`${id}-threshold`}
              inputMode="decimal"
              value={threshold}
              aria-invalid={problems.includes('threshold_invalid') || undefined}
              onChange={(event) => setThreshold(event.target.value)}
            />
          </div>
        )}
      </div>
      {problems.length > 0 && (
        <ul className="field-error location-problems">
          {problems.map((problem) => (
            <li key={problem}>{t(`advise.problems.${problem}`, { days: ADVISE_MAX_DAYS })}</li>
          ))}
        </ul>
      )}
      <div className="form-actions">
        <button type="submit" className="button" disabled={running}>
          {running ? t('advise.running') : t('advise.run')}
        </button>
      </div>
    </form>
  );
}

/** A job under way: queued, or how far the replay is; and the button that cancels it. */
export function AdviseProgress({
  job,
  onCancel,
  cancelling,
}: {
  job: AdviseJob;
  onCancel: () => void;
  cancelling: boolean;
}) {
  const { t } = useTranslation();
  if (job.status !== 'queued' && job.status !== 'running') return null;
  const share = progressPercent(job.progress);
  return (
    <div className="advise-progress" data-testid="advise-progress">
      <progress max={100} value={job.status === 'queued' ? undefined : share} />
      <span role="status">
        {job.status === 'queued'
          ? t('advise.queued')
          : t('advise.progress', { done: job.progress.done, total: job.progress.total, percent: share })}
      </span>
      <button
        type="button"
        className="button button-secondary button-small"
        onClick={onCancel}
        disabled={cancelling}
      >
        {cancelling ? t('advise.cancelling') : t('advise.cancel')}
      </button>
    </div>
  );
}

/** A job its owner cancelled. */
export function AdviseCancelled({ job }: { job: AdviseJob }) {
  const { t } = useTranslation();
  if (job.status !== 'cancelled') return null;
  return (
    <p className="field-hint" role="status" data-testid="advise-cancelled">
      {t('advise.cancelled')}
    </p>
  );
}

/** A failed job, in the reader's language from its code (a site it names, by its name in that language). */
export function AdviseJobError({ job }: { job: AdviseJob }) {
  const { t, i18n } = useTranslation();
  if (job.status !== 'failed') return null;
  return (
    <div className="alert alert-error" role="alert" data-testid="advise-failed">
      <p>{failureWords(t, i18n.language, job.error, wordParams)}</p>
    </div>
  );
}
