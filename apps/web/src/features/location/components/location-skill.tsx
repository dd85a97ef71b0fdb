import { nameIn } from '@thunderwatch/shared/names';
import type { LocationDto } from '@thunderwatch/shared/schemas/locations';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorMessage } from '../../../components/error-message';
import { useFormatDateTime } from '../../../lib/use-format-date-time';
import { minutes, percent, scoredSince, skillLine, useWarningSkill } from '../../../lib/warning-skill';

const PERIODS = [30, 90] as const;

/**
 * How well the selected location was warned over the last 30 or 90 days: a failure to warn (lightning
 * inside the inner ring before any warning) counts as a failure, so POD means "warned in time".
 */
export function LocationSkill({ location }: { location: LocationDto }) {
  const { t, i18n } = useTranslation();
  const [days, setDays] = useState<(typeof PERIODS)[number]>(30);
  const skill = useWarningSkill(location.id, days);
  const data = skill.data;
  const time = useFormatDateTime();
  const line = data ? skillLine(data, days, time) : null;
  const since = data ? scoredSince(data, days) : null;
  return (
    <section className="location-skill" aria-labelledby="location-skill-title" data-testid="location-skill">
      <div className="location-skill-head">
        <h2 id="location-skill-title">{t('skill.title_of', { name: nameIn(i18n.language, location) })}</h2>
        <fieldset className="segmented">
          <legend className="visually-hidden">{t('skill.period')}</legend>
          {PERIODS.map((period) => (
            <button
              key={period}
              type="button"
              className={period === days ? 'button button-small' : 'button button-small button-secondary'}
              aria-pressed={period === days}
              onClick={() => setDays(period)}
            >
              {t('skill.days', { count: period })}
            </button>
          ))}
        </fieldset>
      </div>
      <ErrorMessage error={skill.error} />
      {skill.isPending && <p className="muted">{t('common.loading')}</p>}
      {data && line && (
        <>
          <p className="location-skill-line">{t(line.key, line.params)}</p>
          {since && (
            <p className="field-hint" data-testid="skill-since">
              {t('skill.since')}
            </p>
          )}
          <dl className="location-skill-figures">
            <div>
              <dt>{t('skill.pod')}</dt>
              <dd data-testid="skill-pod">{percent(data.pod)}</dd>
            </div>
            <div>
              <dt>{t('skill.far')}</dt>
              <dd data-testid="skill-far">{percent(data.far)}</dd>
            </div>
            <div>
              <dt>{t('skill.median_lead')}</dt>
              <dd data-testid="skill-lead">
                {data.median_lead_time_min === null
                  ? '–'
                  : t('skill.minutes_range', {
                      median: minutes(data.median_lead_time_min),
                      p25: minutes(data.lead_time_p25_min),
                      p75: minutes(data.lead_time_p75_min),
                    })}
              </dd>
            </div>
            <div>
              <dt>{t('skill.events')}</dt>
              <dd data-testid="skill-events">
                {t('skill.events_split', { events: data.events, ftw: data.failures_to_warn })}
              </dd>
            </div>
            <div>
              <dt>{t('skill.false_alarms')}</dt>
              <dd>{data.false_alarms}</dd>
            </div>
          </dl>
          <p className="field-hint">{t('skill.definition')}</p>
        </>
      )}
    </section>
  );
}
