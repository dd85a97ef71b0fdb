import { LEVEL_COLOURS } from '@thunderwatch/shared/warnings';
import { useTranslation } from 'react-i18next';

/** Text that stays readable on each CMA colour: dark on yellow and orange, white on red. */
const TEXT: Record<number, string> = { 1: '#1a1a1a', 2: '#1a1a1a', 3: '#ffffff' };

/** An alarm's level in its CMA colour, named for those who cannot see the colour. */
export function LevelChip({ level }: { level: number }) {
  const { t } = useTranslation();
  if (level < 1 || level > 3) return null;
  return (
    <span
      className="notification-level"
      data-level={level}
      style={{ background: LEVEL_COLOURS[level as 1 | 2 | 3], color: TEXT[level] }}
    >
      {t(`notification.level.${level}`)}
    </span>
  );
}
