import {
  CHANNELS,
  type Channel,
  DELIVERY_STATUSES,
  type DeliveryStatus,
} from '@thunderwatch/shared/notifications';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyTableRow } from '../../../components/empty-table-row';
import { ErrorMessage } from '../../../components/error-message';
import { Pager } from '../../../components/pager';
import { can, useCurrentUser } from '../../../lib/current-user';
import { useDeliveries } from '../api/get-deliveries';
import { DELIVERY_COLUMNS, DeliveryRow } from './delivery-row';

const PAGE_SIZE = 50;

/** How messages went: my group's when I manage distribution, else those sent to me. */
export function DeliveriesPanel() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const [status, setStatus] = useState<DeliveryStatus | ''>('');
  const [channel, setChannel] = useState<Channel | ''>('');
  const [offset, setOffset] = useState(0);
  const [open, setOpen] = useState<number | null>(null);
  const deliveries = useDeliveries({
    status: status || undefined,
    channel: channel || undefined,
    limit: PAGE_SIZE,
    offset,
  });
  const items = deliveries.data?.items ?? [];
  const whose = can(user.data, 'distribution.manage')
    ? t('notification.deliveries.intro_group')
    : t('notification.deliveries.intro_mine');

  return (
    <div className="deliveries">
      <p className="page-intro">{whose}</p>
      <div className="toolbar">
        <label>
          {t('notification.deliveries.status')}{' '}
          <select
            value={status}
            onChange={(event) => {
              setStatus(event.target.value as DeliveryStatus | '');
              setOffset(0);
            }}
          >
            <option value="">{t('common.any')}</option>
            {DELIVERY_STATUSES.map((s) => (
              <option key={s} value={s}>
                {t(`notification.status.${s}`)}
              </option>
            ))}
          </select>
        </label>
        <label>
          {t('notification.deliveries.channel')}{' '}
          <select
            value={channel}
            onChange={(event) => {
              setChannel(event.target.value as Channel | '');
              setOffset(0);
            }}
          >
            <option value="">{t('common.any')}</option>
            {CHANNELS.map((c) => (
              <option key={c} value={c}>
                {t(`notification.channel.${c}`)}
              </option>
            ))}
          </select>
        </label>
        <button
          type="button"
          className="button button-small button-secondary toolbar-end"
          onClick={() => void deliveries.refetch()}
        >
          {t('notification.deliveries.refresh')}
        </button>
      </div>
      <ErrorMessage error={deliveries.error} />
      <div className="table-wrap">
        <table className="table table-dense deliveries-table">
          <caption className="visually-hidden">{t('notification.deliveries.title')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('notification.deliveries.time')}</th>
              <th scope="col">{t('notification.deliveries.event')}</th>
              <th scope="col">{t('notification.deliveries.channel')}</th>
              <th scope="col">{t('notification.deliveries.recipient')}</th>
              <th scope="col">{t('notification.deliveries.status')}</th>
              <th scope="col">{t('notification.deliveries.attempts')}</th>
              <th scope="col">{t('notification.deliveries.last_error')}</th>
              <th scope="col">{t('notification.deliveries.latency')}</th>
              <th scope="col">
                <span className="visually-hidden">{t('common.actions')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {items.map((record) => (
              <DeliveryRow
                key={record.id}
                record={record}
                myId={user.data?.id}
                timeZone={user.data?.time_zone}
                open={open === record.id}
                onToggle={() => setOpen(open === record.id ? null : record.id)}
              />
            ))}
            <EmptyTableRow
              empty={items.length === 0}
              loading={deliveries.isPending}
              columns={DELIVERY_COLUMNS}
              emptyText={t('notification.deliveries.empty')}
            />
          </tbody>
        </table>
      </div>
      <Pager
        offset={offset}
        limit={PAGE_SIZE}
        total={deliveries.data?.total ?? 0}
        onOffsetChange={setOffset}
        label={t('notification.deliveries.pages')}
      />
    </div>
  );
}
