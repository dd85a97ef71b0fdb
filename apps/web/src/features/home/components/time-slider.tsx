import { useTranslation } from 'react-i18next';
import { REPLAY_SPEEDS, type ReplaySpeed, type ReplayState, shownTime } from '../hooks/replay';
import { formatStrokeTime } from './stroke-format';

interface TimeSliderProps {
  state: ReplayState;
  now: number;
  /** The start of the span with data (see `replayStart`). */
  start: number;
  timeZone: string;
  onPlay: () => void;
  onPause: () => void;
  onSeek: (time: number) => void;
  onLive: () => void;
  onSpeed: (speed: ReplaySpeed) => void;
}

const SPEED_KEYS: Record<ReplaySpeed, string> = { 60: 'speed_1min', 600: 'speed_10min', 3600: 'speed_1h' };

/** Play back the span with data (at most 24 h): slider, play/pause, speed, and the way back to live. */
export function TimeSlider({
  state,
  now,
  start,
  timeZone,
  onPlay,
  onPause,
  onSeek,
  onLive,
  onSpeed,
}: TimeSliderProps) {
  const { t, i18n } = useTranslation();
  const shown = shownTime(state, now, start);
  const live = state.mode === 'live';
  const label = formatStrokeTime(shown, timeZone, i18n.language).replace(/\.\d{3}$/, '');
  const minutesBack = Math.max(0, Math.round((now - shown) / 60_000));
  const ago =
    minutesBack < 60
      ? t('home.replay.minutes_ago', { minutes: minutesBack })
      : t('home.replay.hours_ago', { hours: (minutesBack / 60).toFixed(1) });
  return (
    <section className="home-panel time-slider" aria-label={t('home.replay.title')} data-map-overlay="self">
      <button
        type="button"
        className="button button-small"
        onClick={state.playing ? onPause : onPlay}
        aria-label={state.playing ? t('home.replay.pause') : t('home.replay.play')}
      >
        {state.playing ? '❚❚' : '▶'}
      </button>
      <input
        type="range"
        min={start}
        max={now}
        step={60_000}
        value={shown}
        onChange={(e) => onSeek(Number(e.target.value))}
        aria-label={t('home.replay.position')}
        aria-valuetext={label}
      />
      <output className="time-slider-time" aria-live="off">
        {live ? t('home.replay.live_at', { time: label }) : t('home.replay.at', { time: label, ago })}
      </output>
      <select
        value={state.speed}
        onChange={(e) => onSpeed(Number(e.target.value) as ReplaySpeed)}
        aria-label={t('home.replay.speed')}
      >
        {REPLAY_SPEEDS.map((speed) => (
          <option key={speed} value={speed}>
            {t(`home.replay.${SPEED_KEYS[speed]}`)}
          </option>
        ))}
      </select>
      <button
        type="button"
        className={
          live
            ? 'button button-small live-button live-on'
            : 'button button-secondary button-small live-button'
        }
        onClick={onLive}
        disabled={live}
      >
        <span className="live-dot" aria-hidden="true" />
        {t('home.replay.live')}
      </button>
    </section>
  );
}
