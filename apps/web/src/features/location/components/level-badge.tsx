import { LEVEL_COLOURS, type Level } from '@thunderwatch/shared/warnings';
import { useTranslation } from 'react-i18next';

/** Text that stays readable on each CMA colour: dark on yellow and orange, white on green and red. */
const TEXT: Record<Level, string> = { 0: '#ffffff', 1: '#1a1a1a', 2: '#1a1a1a', 3: '#ffffff' };

/** A location's current warning level in its CMA colour, with the level's name for those who cannot see it. */
export function LevelBadge({ level }: { level: Level }) {
  const { t } = useTranslation();
  return (
    <span
      className="level-badge"
      data-level={level}
      style={{ background: LEVEL_COLOURS[level], color: TEXT[level] }}
    >
      {t(`location.level.${level}`)}
    </span>
  );
}
