import type { RobotChannel } from '@thunderwatch/shared/notifications';
import { describe, expect, it } from 'vitest';
import { robotUrlProblem } from './robot-url.js';

describe('robot URLs', () => {
  it.each<[RobotChannel, string, string | null]>([
    ['dingtalk', 'https://oapi.dingtalk.com/robot/send?access_token=0f1e2d', null],
    [
      'dingtalk',
      'https://oapi.dingtalk.com/robot/send',
      'is not a DingTalk robot URL (…/robot/send?access_token=…)',
    ],
    ['wecom', 'https://qyapi.weixin.qq.com/cgi-bin/webhook/send?key=693a91f6-7a2b', null],
    [
      'wecom',
      'https://qyapi.weixin.qq.com/cgi-bin/webhook/send?token=x',
      'is not a WeCom robot URL (…/cgi-bin/webhook/send?key=…)',
    ],
    [
      'wecom',
      'https://qyapi.weixin.qq.com/cgi-bin/message/send?key=x',
      'is not a WeCom robot URL (…/cgi-bin/webhook/send?key=…)',
    ],
    ['feishu', 'https://open.feishu.cn/open-apis/bot/v2/hook/0f1e2d3c', null],
    ['feishu', 'https://open.larksuite.com/open-apis/bot/v2/hook/0f1e2d3c', null],
    [
      'feishu',
      'https://open.feishu.cn/open-apis/bot/v2/hook/',
      'is not a Feishu/Lark robot URL (…/open-apis/bot/v2/hook/…)',
    ],
    ['slack', 'https://hooks.slack.com/services/T000/B000/XXXX', null],
    ['slack', 'https://chat.example.org/hooks/abc', null],
    ['slack', 'not a url', 'is not a URL'],
  ])('%s %s → %s', (kind, url, problem) => expect(robotUrlProblem(kind, url)).toBe(problem));
});
