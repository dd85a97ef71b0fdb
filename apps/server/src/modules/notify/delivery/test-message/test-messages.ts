import { localDateTime } from '@thunderwatch/domain/common/local-time';
import type { MessageKind } from '../templates/message-kind.js';
import { ABOUT_NOTHING, NEUTRAL_COLOUR } from '../templates/message-kind.js';

/** A test message an admin sends to see that a channel works. */
export const TEST_MESSAGES: MessageKind<'test'> = {
  text: {
    en: ({ at, board_url }, tz) => ({
      title: 'Thunderwatch test message',
      body: `This is a test message sent at ${localDateTime(at, tz)}. This channel works.`,
      link: board_url,
    }),
    'zh-Hans': ({ at, board_url }, tz) => ({
      title: '雷电监测预警平台测试消息',
      body: `这是一条测试消息，发送于 ${localDateTime(at, tz)}。此通道工作正常。`,
      link: board_url,
    }),
  },
  card: (_p, _language, _tz, message) => ({
    tone: null,
    colour: NEUTRAL_COLOUR,
    fields: [],
    text: message.body,
  }),
  time: ({ at }, tz) => localDateTime(at, tz),
  about: () => ABOUT_NOTHING,
  names: { en: ['test message', 'test messages'], 'zh-Hans': '测试消息' },
};
