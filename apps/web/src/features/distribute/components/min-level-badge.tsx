import { LEVEL_COLOURS } from '@thunderwatch/shared/warnings';
import { useTranslation } from 'react-i18next';

/** Text that stays readable on each CMA colour: dark on yellow and orange, white on red. */
const TEXT = { 1: '#1a1a1a', 2: '#1a1a1a', 3: '#ffffff' } as const;

/** The lowest level a list is told of, in its CMA colour, with the level's name for those who cannot see it. */
export function MinLevelBadge({ level }: { level: 1 | 2 | 3 }) {
  const { t } = useTranslation();
  return (
    <span
      className="distribute-level"
      data-level={level}
      style={{ background: LEVEL_COLOURS[level], color: TEXT[level] }}
    >
      {t(`distribute.level.${level}`)}
    </span>
  );
}
