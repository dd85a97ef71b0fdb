import type { AdviseJob } from '@thunderwatch/shared/schemas/advise';
import type { LocationDto } from '@thunderwatch/shared/schemas/locations';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorMessage } from '../../../components/error-message';
import { useAdviseJob, useCancelAdvice, useStartAdvice } from '../api/advise';
import { AdviseCancelled, AdviseForm, AdviseJobError, AdviseProgress } from './advise-form';
import { AdviseResults } from './advise-results';

/**
 * The rules advisor of the selected location: its stored strokes of a period replayed through a
 * grid of ring rules, the Pareto front of POD against minutes under warning, a recommendation for the
 * chosen objective, and a set given to the site on confirmation (for those who may edit it).
 */
export function AdvisePanel({ location, canEdit }: { location: LocationDto; canEdit: boolean }) {
  const { t } = useTranslation();
  const start = useStartAdvice();
  const cancel = useCancelAdvice();
  const [started, setStarted] = useState<AdviseJob | null>(null);
  const job = useAdviseJob(started).data ?? null;
  const running = start.isPending || job?.status === 'queued' || job?.status === 'running';
  const site = job?.status === 'done' ? job.result?.sites[0] : undefined;

  return (
    <details className="backtest-panel advise-panel" data-testid="advise-panel">
      <summary>
        <h2>{t('advise.title')}</h2>
      </summary>
      <p className="field-hint">{t('advise.intro')}</p>
      <AdviseForm
        id="advise"
        timeZone={location.time_zone}
        running={running}
        onRun={(window) =>
          start.mutate(
            { location_id: location.id, ...window },
            {
              onSuccess: (queued) => {
                cancel.reset();
                setStarted(queued);
              },
            },
          )
        }
      />
      <ErrorMessage error={start.error} />
      {job && (
        <AdviseProgress job={job} onCancel={() => cancel.mutate(job.id)} cancelling={cancel.isPending} />
      )}
      <ErrorMessage error={cancel.error} />
      {job && <AdviseJobError job={job} />}
      {job && <AdviseCancelled job={job} />}
      {job?.result && site && (
        <AdviseResults
          jobId={job.id}
          site={site}
          objective={job.result.objective}
          location={location}
          canEdit={canEdit}
        />
      )}
    </details>
  );
}
