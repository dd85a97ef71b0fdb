import type { FlashDto } from '@thunderwatch/shared/schemas/lightning';
import { useTranslation } from 'react-i18next';
import { ErrorMessage } from '../../../components/error-message';
import { formatDuration, formatKa, formatStrokeTime } from './stroke-format';

interface FlashDetailsProps {
  flash?: FlashDto;
  loading: boolean;
  error: unknown;
  timeZone: string;
  selectedId: number;
}

/** A flash: how many strokes, how long, and each stroke in time order. */
export function FlashDetails({ flash, loading, error, timeZone, selectedId }: FlashDetailsProps) {
  const { t, i18n } = useTranslation();
  if (error) return <ErrorMessage error={error} />;
  if (!flash) return <p className="muted">{loading ? t('home.flash.loading') : null}</p>;
  const strokes = flash.strokes ?? [];
  const duration = Date.parse(flash.end_time) - Date.parse(flash.time);
  return (
    <section className="flash-details" aria-label={t('home.flash.title')}>
      <p>{t('home.flash.summary', { count: flash.stroke_count, duration: formatDuration(duration) })}</p>
      <table className="table table-dense">
        <thead>
          <tr>
            <th>#</th>
            <th>{t('home.stroke.time')}</th>
            <th>{t('home.stroke.type')}</th>
            <th className="numeric">{t('home.stroke.peak_current')}</th>
          </tr>
        </thead>
        <tbody>
          {strokes.map((s, i) => (
            <tr key={s.id} aria-current={s.id === selectedId ? 'true' : undefined}>
              <td>{i + 1}</td>
              <td className="nowrap">
                {formatStrokeTime(Date.parse(s.time), timeZone, i18n.language).split(' ').pop()}
              </td>
              <td>{s.type}</td>
              <td className="numeric">{formatKa(s.peak_ka)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
