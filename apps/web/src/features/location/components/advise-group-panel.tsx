import { nameIn } from '@thunderwatch/shared/names';
import type { AdviceSet, AdviseJob } from '@thunderwatch/shared/schemas/advise';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorMessage } from '../../../components/error-message';
import { useCurrentUser } from '../../../lib/current-user';
import { saveBlob } from '../../../lib/download';
import { useGroupNames } from '../../../lib/group-names';
import { validZone } from '../../../lib/time';
import { minutes, percent } from '../../../lib/warning-skill';
import { exportAdvice, useAdviseJob, useCancelAdvice, useStartAdvice } from '../api/advise';
import { AdviseCancelled, AdviseForm, AdviseJobError, AdviseProgress } from './advise-form';
import { useRecommendationText, useRulesText } from './advise-results';

/**
 * The advisor for every site of a group at once (group administrators: their own group; administrators:
 * any): per site the current rules' and the recommended set's figures, and the whole table to download.
 */
export function AdviseGroupPanel({ isAdmin }: { isAdmin: boolean }) {
  const { t, i18n } = useTranslation();
  const user = useCurrentUser();
  const names = useGroupNames(isAdmin);
  const own = user.data?.group;
  const [groupId, setGroupId] = useState<number | null>(null);
  const start = useStartAdvice();
  const cancel = useCancelAdvice();
  const [started, setStarted] = useState<AdviseJob | null>(null);
  const job = useAdviseJob(started).data ?? null;
  const [downloadError, setDownloadError] = useState<unknown>(null);
  const recommendation = useRecommendationText();
  const rules = useRulesText();
  if (!own) return null;
  const timeZone = validZone(user.data?.time_zone);
  const chosen = groupId ?? own.id;
  const running = start.isPending || job?.status === 'queued' || job?.status === 'running';
  const result = job?.status === 'done' ? job.result : null;
  const download = async (format: 'csv' | 'xlsx') => {
    if (!job) return;
    try {
      setDownloadError(null);
      const blob = await exportAdvice(job.id, { format, lang: i18n.language, time_zone: timeZone });
      saveBlob(blob, `rules-advice-${job.id}.${format}`);
    } catch (error) {
      setDownloadError(error);
    }
  };
  const figures = (set: AdviceSet | undefined) =>
    set
      ? t('advise.group.figures', {
          pod: percent(set.pod),
          far: percent(set.far),
          minutes: minutes(set.warning_minutes),
        })
      : '–';

  return (
    <details className="backtest-panel advise-panel" data-testid="advise-group-panel">
      <summary>
        <h2>{t('advise.group.title')}</h2>
      </summary>
      <p className="field-hint">{t('advise.group.intro')}</p>
      {isAdmin && names.size > 1 ? (
        <div className="field">
          <label htmlFor="advise-group">{t('advise.group.group')}</label>
          <select
            id="advise-group"
            value={chosen}
            onChange={(event) => setGroupId(Number(event.target.value))}
          >
            {[...names].map(([id, name]) => (
              <option key={id} value={id}>
                {name}
              </option>
            ))}
          </select>
        </div>
      ) : (
        <p className="field-hint">
          {t('advise.group.of', { name: names.get(own.id) ?? nameIn(i18n.language, own) })}
        </p>
      )}
      <AdviseForm
        id="advise-group"
        timeZone={timeZone}
        running={running}
        onRun={(window) =>
          start.mutate(
            { group_id: chosen, ...window },
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
      {result && job && (
        <div className="advise-results" data-testid="advise-group-results">
          <div className="sq-downloads">
            <button
              type="button"
              className="button button-secondary button-small"
              onClick={() => void download('csv')}
            >
              {t('advise.group.export_csv')}
            </button>
            <button
              type="button"
              className="button button-secondary button-small"
              onClick={() => void download('xlsx')}
            >
              {t('advise.group.export_xlsx')}
            </button>
          </div>
          <ErrorMessage error={downloadError} />
          {(result.skipped?.length ?? 0) > 0 && (
            <p className="field-hint" data-testid="advise-group-skipped">
              {t('advise.group.skipped', {
                count: result.skipped?.length ?? 0,
                names: (result.skipped ?? [])
                  .map((s) => nameIn(i18n.language, { name: s.name ?? '', name_en: s.name_en }))
                  .join(i18n.language === 'zh-Hans' ? '、' : ', '),
              })}
            </p>
          )}
          <div className="table-wrap">
            <table className="table table-dense table-cards advise-table" data-testid="advise-group-table">
              <caption className="visually-hidden">{t('advise.group.caption')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('advise.group.site')}</th>
                  <th scope="col">{t('advise.group.events')}</th>
                  <th scope="col">{t('advise.group.current')}</th>
                  <th scope="col">{t('advise.group.recommended')}</th>
                  <th scope="col">{t('advise.group.advice')}</th>
                </tr>
              </thead>
              <tbody>
                {result.sites.length === 0 && (
                  <tr>
                    <td colSpan={5} className="empty">
                      {t('advise.group.no_sites')}
                    </td>
                  </tr>
                )}
                {result.sites.map((site) => {
                  const current = site.sets.find((s) => s.id === site.current_set_id);
                  const best = site.sets.find((s) => s.id === site.recommended_set_id);
                  return (
                    <tr
                      key={site.location_id ?? site.name ?? ''}
                      data-testid={`advise-group-site-${site.location_id}`}
                    >
                      <td>{nameIn(i18n.language, { name: site.name ?? '', name_en: site.name_en })}</td>
                      <td data-label={t('advise.group.events')}>{site.events}</td>
                      <td data-label={t('advise.group.current')}>
                        {current ? rules(current) : '–'}
                        <small className="location-kind">{figures(current)}</small>
                      </td>
                      <td data-label={t('advise.group.recommended')}>
                        {best ? rules(best) : '–'}
                        {best && <small className="location-kind">{figures(best)}</small>}
                      </td>
                      <td data-label={t('advise.group.advice')}>{recommendation(site, result.objective)}</td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        </div>
      )}
    </details>
  );
}
