import { useTranslation } from 'react-i18next';
import { useFormatDateTime } from '../lib/use-format-date-time';
import { skillLine, useWarningSkill } from '../lib/warning-skill';

/** "Warned before lightning arrived in 4 of 9 storms (last 30 days)" for one location; quiet while it loads. */
export function SkillLine({ locationId, days = 30 }: { locationId: number; days?: number }) {
  const { t } = useTranslation();
  const time = useFormatDateTime();
  const skill = useWarningSkill(locationId, days);
  if (!skill.data) return null;
  const line = skillLine(skill.data, days, time);
  return (
    <span className="skill-line" data-testid={`skill-line-${locationId}`}>
      {t(line.key, line.params)}
    </span>
  );
}
