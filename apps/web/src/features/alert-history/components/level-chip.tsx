import { LEVEL_COLOURS, type Level } from '@thunderwatch/shared/warnings';
import { useTranslation } from 'react-i18next';

/** Text that stays readable on each CMA colour: dark on yellow and orange, white on green and red. */
const TEXT: Record<Level, string> = { 0: '#ffffff', 1: '#1a1a1a', 2: '#1a1a1a', 3: '#ffffff' };

/** A level in its CMA colour, named for those who cannot see the colour. */
export function AlertLevelChip({ level, predicted = false }: { level: Level; predicted?: boolean }) {
  const { t } = useTranslation();
  return (
    <span
      className="ah-level"
      data-level={level}
      style={{ background: LEVEL_COLOURS[level], color: TEXT[level] }}
    >
      {t(`alert_history.level.${level}`)}
      {predicted && ` · ${t('alert_history.predicted_short')}`}
    </span>
  );
}
