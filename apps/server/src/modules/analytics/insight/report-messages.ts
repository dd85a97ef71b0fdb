import { localDateTime } from '@thunderwatch/domain/common/local-time';
import { CARD_WORDS } from '../../notify/delivery/templates/card-words.js';
import type { ToldKind } from '../../notify/delivery/templates/message-kind.js';
import { ABOUT_NOTHING, NEUTRAL_COLOUR } from '../../notify/delivery/templates/message-kind.js';

/** A scheduled insight report is ready. */
export const REPORT_MESSAGES: ToldKind<'report'> = {
  text: {
    en: ({ report: r }, tz) => ({
      title: `Report ready · ${r.title}`,
      body: `The scheduled report "${r.title}" (${r.period}) is ready${r.has_pdf ? ' as a web page and a PDF' : ''}. Open it in the insight screen. ${localDateTime(r.at, tz)}.`,
      link: r.report_url,
    }),
    'zh-Hans': ({ report: r }, tz) => ({
      title: `报告已生成 · ${r.title}`,
      body: `定期报告《${r.title}》（${r.period}）已生成${r.has_pdf ? '（网页与 PDF）' : ''}，请在分析报告页面查看。${localDateTime(r.at, tz)}。`,
      link: r.report_url,
    }),
  },
  card: ({ report }, language, tz, message) => ({
    tone: null,
    colour: NEUTRAL_COLOUR,
    fields: [{ label: CARD_WORDS[language].time, value: localDateTime(report.at, tz) }],
    text: message.body,
  }),
  time: ({ report }, tz) => localDateTime(report.at, tz),
  about: () => ABOUT_NOTHING,
  names: { en: ['report', 'reports'], 'zh-Hans': '报告' },
  // To its schedule's list only (`listId`), whatever the list's minimum level.
  told: ({ report: r }) => ({
    locationId: null,
    level: 1,
    alarmId: null,
    key: `report:${r.report_id}`,
    escalates: false,
  }),
};
