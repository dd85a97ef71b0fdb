import type { RobotChannel } from '@thunderwatch/shared/notifications';

/**
 * The form of a group robot's webhook URL, as each vendor hands it out (where it points is checked like
 * any webhook's). Slack-compatible services (Slack, Mattermost, Rocket.Chat…) differ in paths: any URL.
 * - DingTalk: https://oapi.dingtalk.com/robot/send?access_token=… (open.dingtalk.com/document/robots/custom-robot-access)
 * - WeCom: https://qyapi.weixin.qq.com/cgi-bin/webhook/send?key=… (developer.work.weixin.qq.com/document/path/91770)
 * - Feishu/Lark: https://open.feishu.cn/open-apis/bot/v2/hook/… (open.feishu.cn/document/client-docs/bot-v3/add-custom-bot)
 */
export function robotUrlProblem(kind: RobotChannel, value: string): string | null {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return 'is not a URL';
  }
  switch (kind) {
    case 'dingtalk':
      return url.searchParams.get('access_token')
        ? null
        : 'is not a DingTalk robot URL (…/robot/send?access_token=…)';
    case 'wecom':
      return url.pathname.endsWith('/webhook/send') && url.searchParams.get('key')
        ? null
        : 'is not a WeCom robot URL (…/cgi-bin/webhook/send?key=…)';
    case 'feishu':
      return /\/open-apis\/bot\/v2\/hook\/[^/]+$/.test(url.pathname)
        ? null
        : 'is not a Feishu/Lark robot URL (…/open-apis/bot/v2/hook/…)';
    case 'slack':
      return null;
  }
}
