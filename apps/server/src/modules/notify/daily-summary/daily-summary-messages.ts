import { nameIn } from '@thunderwatch/shared/names';
import type { MessageKind } from '../delivery/templates/message-kind.js';
import { ABOUT_NOTHING, NEUTRAL_COLOUR } from '../delivery/templates/message-kind.js';

const WORDS = {
  'zh-Hans': {
    date: '日期',
    alarms: '预警次数',
    count: (n: number, red: number) => `${n} 次（红色 ${red} 次）`,
  },
  en: { date: 'Date', alarms: 'Alarms', count: (n: number, red: number) => `${n} (${red} red)` },
} as const;

/** The day's lightning alarms of a group, told each morning. */
export const DAILY_SUMMARY_MESSAGES: MessageKind<'daily_summary'> = {
  text: {
    en: ({ summary: s }) => {
      const top = s.locations
        .slice(0, 5)
        .map((l) => `${nameIn('en', l)} ${l.alarms}`)
        .join(', ');
      return {
        title: `Lightning summary · ${s.date}`,
        body:
          s.alarms === 0
            ? `No alarms on ${s.date}.`
            : `${s.alarms} alarms on ${s.date} (${s.red} red). ${top}.`,
        link: s.board_url,
      };
    },
    'zh-Hans': ({ summary: s }) => {
      const top = s.locations
        .slice(0, 5)
        .map((l) => `${nameIn('zh-Hans', l)} ${l.alarms} 次`)
        .join('，');
      return {
        title: `雷电日报 · ${s.date}`,
        body:
          s.alarms === 0
            ? `${s.date} 无预警。`
            : `${s.date} 共 ${s.alarms} 次预警（红色 ${s.red} 次）。${top}。`,
        link: s.board_url,
      };
    },
  },
  card: ({ summary: s }, language, _tz, message) => ({
    tone: null,
    colour: NEUTRAL_COLOUR,
    fields: [
      { label: WORDS[language].date, value: s.date },
      { label: WORDS[language].alarms, value: WORDS[language].count(s.alarms, s.red) },
    ],
    text: message.body,
  }),
  time: ({ summary }) => summary.date,
  about: () => ABOUT_NOTHING,
  names: { en: ['daily summary', 'daily summaries'], 'zh-Hans': '每日汇总' },
};
