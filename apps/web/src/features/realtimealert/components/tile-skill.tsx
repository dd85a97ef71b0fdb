import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormatDateTime } from '../../../lib/use-format-date-time';
import { minutes, overSkillSpan, useWarningSkill } from '../../../lib/warning-skill';

const DAYS = 30;

/**
 * The site's warning skill beside its level: warned in time over the last 30 days (since its making, for a
 * younger site), and the median lead; counted again whenever the level changes.
 */
export function TileSkill({ locationId, level }: { locationId: number; level: number }) {
  const { t } = useTranslation();
  const time = useFormatDateTime();
  const skill = useWarningSkill(locationId, DAYS);
  // A change of level may be a new storm at the inner ring: count again then, not only every ten minutes.
  const shownLevel = useRef(level);
  const { refetch } = skill;
  useEffect(() => {
    if (shownLevel.current === level) return;
    shownLevel.current = level;
    void refetch();
  }, [level, refetch]);
  const data = skill.data;
  if (!data || data.events === 0) return null;
  const board = overSkillSpan('skill.board', data, DAYS, time, { hits: data.hits, count: data.events });
  return (
    <p className="rta-skill" data-testid="tile-skill">
      {t(board.key, board.params)}
      {data.median_lead_time_min !== null && (
        <> · {t('skill.board_lead', { minutes: minutes(data.median_lead_time_min) })}</>
      )}
    </p>
  );
}
