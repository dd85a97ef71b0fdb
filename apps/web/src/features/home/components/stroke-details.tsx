import type { FlashDto } from '@thunderwatch/shared/schemas/lightning';
import type { CompactStroke } from '@thunderwatch/shared/strokes';
import { useTranslation } from 'react-i18next';
import { ErrorMessage } from '../../../components/error-message';
import { S } from '../../../lib/stroke-store';
import { useStroke } from '../api/get-stroke';
import { FlashDetails } from './flash-details';
import { formatDegrees, formatKa, formatStrokeTime } from './stroke-format';

interface StrokeDetailsProps {
  stroke: CompactStroke;
  timeZone: string;
  flash: { shown: boolean; data?: FlashDto; loading: boolean; error: unknown };
  onShowFlash: (id: number | null) => void;
}

/** What the popup says about one stroke; sensors and source come from the full record. */
export function StrokeDetails({ stroke, timeZone, flash, onShowFlash }: StrokeDetailsProps) {
  const { t, i18n } = useTranslation();
  const details = useStroke(stroke);
  const ka = stroke[S.ka];
  const type = stroke[S.ic] === 1 ? 'ic' : 'cg';
  const flashId = stroke[S.flash];
  const pending = details.isPending ? '…' : '—';

  return (
    <div className="stroke-details">
      <h2>
        {t(`home.stroke.type_${type}`)}{' '}
        <span className={ka >= 0 ? 'polarity polarity-positive' : 'polarity polarity-negative'}>
          {t(ka >= 0 ? 'home.stroke.positive' : 'home.stroke.negative')}
        </span>
        {stroke[S.sim] === 1 && (
          <span className="badge badge-warning badge-after">{t('home.simulated')}</span>
        )}
      </h2>
      <dl className="stroke-facts">
        <dt>{t('home.stroke.time')}</dt>
        <dd>{formatStrokeTime(stroke[S.t], timeZone, i18n.language)}</dd>
        <dt>{t('home.stroke.peak_current')}</dt>
        <dd className="stroke-ka">{formatKa(ka)}</dd>
        <dt>{t('home.stroke.position')}</dt>
        <dd>
          {t('home.stroke.lat_lon', { lat: formatDegrees(stroke[S.lat]), lon: formatDegrees(stroke[S.lon]) })}
        </dd>
        <dt>{t('home.stroke.sensors')}</dt>
        <dd>{details.data?.sensors ?? pending}</dd>
        <dt>{t('home.stroke.source')}</dt>
        <dd>{details.data?.source ?? pending}</dd>
      </dl>
      <ErrorMessage error={details.error} />
      {flashId !== null && (
        <div className="stroke-flash">
          <button
            type="button"
            className="button button-secondary button-small"
            aria-expanded={flash.shown}
            onClick={() => onShowFlash(flash.shown ? null : flashId)}
          >
            {flash.shown ? t('home.flash.hide') : t('home.flash.show')}
          </button>
          {flash.shown && (
            <FlashDetails
              flash={flash.data}
              loading={flash.loading}
              error={flash.error}
              timeZone={timeZone}
              selectedId={stroke[S.id]}
            />
          )}
        </div>
      )}
    </div>
  );
}
