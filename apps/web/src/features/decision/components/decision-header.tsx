import type { WarningLevelName } from '@thunderwatch/shared/schemas/decision';
import { useTranslation } from 'react-i18next';
import { localeOf } from '../../../lib/time';
import { LEVEL_COLORS, LEVEL_TEXT, type Situation } from '../hooks/situation';

interface DecisionHeaderProps {
  now: number;
  timeZone: string;
  situation: Situation;
  updatedAt: number | null;
  fullscreen: { on: boolean; toggle: () => void; supported: boolean };
}

function LevelBadge({ level }: { level: WarningLevelName }) {
  const { t } = useTranslation();
  return (
    <span className="decision-level" style={{ background: LEVEL_COLORS[level], color: LEVEL_TEXT[level] }}>
      {t(`decision.level.${level}`)}
    </span>
  );
}

/** The screen's title, the level in force and where it comes from, a clock, the last refresh and full screen. */
export function DecisionHeader({ now, timeZone, situation, updatedAt, fullscreen }: DecisionHeaderProps) {
  const { t, i18n } = useTranslation();
  const clock = (ms: number, seconds: boolean) =>
    new Intl.DateTimeFormat(localeOf(i18n.language), {
      timeZone,
      hour: '2-digit',
      minute: '2-digit',
      ...(seconds ? { second: '2-digit' } : {}),
      hourCycle: 'h23',
    }).format(ms);
  const date = new Intl.DateTimeFormat(localeOf(i18n.language), {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    weekday: 'short',
  }).format(now);
  return (
    <header className="decision-header">
      <h1>{t('screens.decision')}</h1>
      <div className="decision-state" role="status">
        {situation.level ? <LevelBadge level={situation.level} /> : null}
        <span>{t(`decision.source.${situation.source}`)}</span>
      </div>
      <div className="decision-clock">
        <time dateTime={new Date(now).toISOString()}>{clock(now, true)}</time>
        <span>{date}</span>
      </div>
      <span className="decision-updated">
        {updatedAt ? t('decision.updated', { time: clock(updatedAt, false) }) : t('common.loading')}
      </span>
      {fullscreen.supported && (
        <button type="button" className="button button-secondary" onClick={fullscreen.toggle}>
          {fullscreen.on ? t('decision.exit_fullscreen') : t('decision.fullscreen')}
        </button>
      )}
    </header>
  );
}
