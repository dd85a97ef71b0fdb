import { NotAvailablePanel } from '../../components/not-available-panel';

/** Placeholder until the wechat screen is built; it shows no data. */
export default function WechatRoute() {
  return <NotAvailablePanel screen="wechat" />;
}
