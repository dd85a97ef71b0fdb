import { siteNameIn } from '@thunderwatch/shared/names';
import type { Topic } from '@thunderwatch/shared/schemas/notifications';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyTableRow } from '../../../components/empty-table-row';
import { ErrorMessage } from '../../../components/error-message';
import { useChangeSubscriptions } from '../api/change-subscriptions';
import { useTopics } from '../api/get-topics';

const NO_TOPICS: Topic[] = [];

/**
 * What I follow: my group's locations' alarms and the daily summary. Ticked topics are subscribed or
 * unsubscribed in one request, which changes all of them or, if the server refuses one, none.
 */
export function TopicsPanel() {
  const { t, i18n } = useTranslation();
  const topics = useTopics();
  const change = useChangeSubscriptions();
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [done, setDone] = useState<string | null>(null);
  const items = topics.data ?? NO_TOPICS;
  const nameOf = (topic: Topic) =>
    topic.kind === 'daily_summary'
      ? t('notification.topics.daily_summary')
      : t('notification.topics.location', {
          name:
            topic.location_name === null
              ? `#${topic.location_id}`
              : siteNameIn(i18n.language, { ...topic, location_name: topic.location_name }),
        });

  const chosen = items.filter((topic) => selected.has(topic.id));
  const toSubscribe = chosen.filter((topic) => !topic.subscribed).map((topic) => topic.id);
  const toUnsubscribe = chosen.filter((topic) => topic.subscribed).map((topic) => topic.id);
  const apply = (subscribe: string[], unsubscribe: string[], message: string) => {
    setDone(null);
    change.mutate(
      { subscribe, unsubscribe },
      {
        onSuccess: () => {
          setSelected(new Set());
          setDone(message);
        },
      },
    );
  };
  const toggle = (id: string, on: boolean) => {
    const next = new Set(selected);
    if (on) next.add(id);
    else next.delete(id);
    setSelected(next);
    setDone(null);
  };

  return (
    <div className="topics">
      <p className="page-intro">{t('notification.topics.intro')}</p>
      <div className="toolbar">
        <button
          type="button"
          className="button button-small"
          disabled={toSubscribe.length === 0 || change.isPending}
          onClick={() =>
            apply(toSubscribe, [], t('notification.topics.subscribed_n', { count: toSubscribe.length }))
          }
        >
          {t('notification.topics.subscribe_selected')}
        </button>
        <button
          type="button"
          className="button button-small button-secondary"
          disabled={toUnsubscribe.length === 0 || change.isPending}
          onClick={() =>
            apply([], toUnsubscribe, t('notification.topics.unsubscribed_n', { count: toUnsubscribe.length }))
          }
        >
          {t('notification.topics.unsubscribe_selected')}
        </button>
        {done && (
          <span className="muted" role="status">
            {done}
          </span>
        )}
      </div>
      <ErrorMessage error={topics.error ?? change.error} />
      <div className="table-wrap">
        <table className="table table-dense">
          <caption className="visually-hidden">{t('notification.topics.title')}</caption>
          <thead>
            <tr>
              <th scope="col" className="topics-select">
                <span className="visually-hidden">{t('notification.topics.select')}</span>
              </th>
              <th scope="col">{t('notification.topics.topic')}</th>
              <th scope="col">{t('notification.topics.status')}</th>
            </tr>
          </thead>
          <tbody>
            {items.map((topic) => (
              <tr key={topic.id}>
                <td>
                  <input
                    type="checkbox"
                    aria-label={t('notification.topics.select_of', { name: nameOf(topic) })}
                    checked={selected.has(topic.id)}
                    onChange={(event) => toggle(topic.id, event.target.checked)}
                  />
                </td>
                <td>{nameOf(topic)}</td>
                <td>
                  {topic.subscribed ? (
                    <span className="badge badge-ok">{t('notification.topics.is_subscribed')}</span>
                  ) : (
                    <span className="badge badge-muted">{t('notification.topics.not_subscribed')}</span>
                  )}
                </td>
              </tr>
            ))}
            <EmptyTableRow
              empty={items.length === 0}
              loading={topics.isPending}
              columns={3}
              emptyText={t('notification.topics.empty')}
            />
          </tbody>
        </table>
      </div>
    </div>
  );
}
