import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Page } from '../../../components/page';
import { useLiveInbox } from '../hooks/use-live-inbox';
import { DeliveriesPanel } from './deliveries-panel';
import { InboxPanel } from './inbox-panel';
import { TestMessagePanel } from './test-message-panel';
import { TopicsPanel } from './topics-panel';
import '../notification.css';

const TABS = ['inbox', 'topics', 'deliveries', 'test'] as const;
type Tab = (typeof TABS)[number];

const isTab = (value: string | null): value is Tab => TABS.includes(value as Tab);

/** My notifications: the inbox, the topics I follow, how messages were delivered, and a test message. */
export function NotificationScreen() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  const tab: Tab = isTab(requested) ? requested : 'inbox';
  useLiveInbox();

  return (
    <Page title={t('screens.notification')}>
      <div className="notification-tabs" role="tablist" aria-label={t('notification.tabs')}>
        {TABS.map((id) => (
          <button
            key={id}
            type="button"
            role="tab"
            id={`notification-tab-${id}`}
            aria-selected={tab === id}
            aria-controls={`notification-panel-${id}`}
            className={tab === id ? 'notification-tab is-active' : 'notification-tab'}
            onClick={() => setParams(id === 'inbox' ? {} : { tab: id }, { replace: true })}
          >
            {t(`notification.tab.${id}`)}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`notification-panel-${tab}`} aria-labelledby={`notification-tab-${tab}`}>
        {tab === 'inbox' && <InboxPanel />}
        {tab === 'topics' && <TopicsPanel />}
        {tab === 'deliveries' && <DeliveriesPanel />}
        {tab === 'test' && <TestMessagePanel />}
      </div>
    </Page>
  );
}
