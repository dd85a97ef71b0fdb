import type { WarningItem } from '@thunderwatch/shared/schemas/warnings';
import { useTranslation } from 'react-i18next';
import { useNow } from '../hooks/use-now';
import { allClearRemaining, formatCountdown } from './board-format';

/** The all-clear countdown of one tile; only this re-renders every second, not the whole tile. */
export function Countdown({ item }: { item: Pick<WarningItem, 'all_clear_at' | 'level'> }) {
  const { t } = useTranslation();
  const now = useNow();
  const remaining = allClearRemaining(item, now);
  if (remaining === null) return <span className="rta-muted">{t('realtimealert.tile.no_countdown')}</span>;
  return (
    <span className="rta-countdown" data-testid="countdown">
      {remaining === 0 ? t('realtimealert.tile.all_clear_due') : formatCountdown(remaining)}
    </span>
  );
}
