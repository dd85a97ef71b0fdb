import { WechatScreen } from '../../features/wechat/components/wechat-screen';

export default function WechatRoute() {
  return <WechatScreen />;
}
