import { useTranslation } from 'react-i18next';
import { useFormatDateTime } from '../../../lib/use-format-date-time';
import { minutes, overSkillSpan, percent, useWarningSkill } from '../../../lib/warning-skill';

/** The longest span the skill endpoint scores at once (SKILL_MAX_DAYS is 92). */
const DAYS = 90;

/**
 * A location's warning skill over the last 90 days, or since its making for a younger site (GET
 * /api/warning/skill): events, hits, POD, FAR, lead.
 */
export function LocationSkill({ locationId }: { locationId: number }) {
  const { t } = useTranslation();
  const time = useFormatDateTime();
  const skill = useWarningSkill(locationId, DAYS);
  const s = skill.data;
  if (!s) return null;
  const title = overSkillSpan('statistic.skill.title', s, DAYS, time);
  const items = [
    [t('statistic.skill.events'), String(s.events)],
    [t('statistic.skill.hits'), String(s.hits)],
    [t('statistic.skill.pod'), percent(s.pod)],
    [t('statistic.skill.far'), percent(s.far)],
    [t('statistic.skill.lead'), minutes(s.median_lead_time_min)],
  ];
  return (
    <section className="st-skill" aria-labelledby="st-skill-title" data-testid="location-skill">
      <h2 id="st-skill-title">{t(title.key, title.params)}</h2>
      <dl>
        {items.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
