import { localDateTime } from '@thunderwatch/domain/common/local-time';
import type { Language } from '@thunderwatch/shared/languages';
import type { DigestFacts, DigestItem, DigestKind } from '../channels/delivery-channel.js';
import type { KindNames, MessageKind, RenderedMessage } from '../templates/message-kind.js';
import { ABOUT_NOTHING, NEUTRAL_COLOUR } from '../templates/message-kind.js';
import { siteName } from '../templates/template-kit.js';

type NamesOf = (kind: DigestKind) => KindNames;

/** How many folded messages a digest names one by one (the rest are only counted). */
const NAMED = 5;

/** A folded message's site in the reader's language; empty for one of no site. */
const itemSite = (i: DigestItem, language: Language) =>
  i.location_name === null ? '' : siteName({ ...i, location_name: i.location_name }, language);

/** "14:02" (or the date too when it is not the day of `ref`) in the reader's zone. */
function shortTime(at: string, ref: string, tz: string): string {
  const full = localDateTime(at, tz);
  return full.slice(0, 10) === localDateTime(ref, tz).slice(0, 10) ? full.slice(11) : full;
}

const kindsByCount = (d: DigestFacts) =>
  (Object.entries(d.by_kind) as [DigestKind, number][]).sort((a, b) => b[1] - a[1]);

/** The digest of messages folded over a recipient's budget, in English. */
function digestEn(d: DigestFacts, tz: string, names: NamesOf): RenderedMessage {
  const since = shortTime(d.since, d.until, tz);
  const kinds = kindsByCount(d)
    .map(([k, n]) => `${n} ${names(k).en[n === 1 ? 0 : 1]}`)
    .join(', ');
  const named = d.items
    .slice(0, NAMED)
    .map(
      (i) =>
        `${shortTime(i.at, d.until, tz)} ${names(i.kind).en[0]}${i.location_name ? ` at ${itemSite(i, 'en')}` : ''}`,
    )
    .join('; ');
  const more = d.count > Math.min(NAMED, d.items.length) ? '; …' : '';
  return {
    title: `${d.count} more alert${d.count === 1 ? '' : 's'} since ${since}`,
    body:
      `${d.count} more alert${d.count === 1 ? '' : 's'} since ${since}: ${kinds}. ` +
      `At most ${d.budget} messages every ${d.window_min} min are sent one by one; these were folded into ` +
      `this digest (${named}${more}). Open the board for them all. ${localDateTime(d.until, tz)}.`,
    link: d.board_url,
  };
}

/** The digest of messages folded over a recipient's budget, in Chinese. */
function digestZh(d: DigestFacts, tz: string, names: NamesOf): RenderedMessage {
  const since = shortTime(d.since, d.until, tz);
  const kinds = kindsByCount(d)
    .map(([k, n]) => `${names(k)['zh-Hans']} ${n} 条`)
    .join('，');
  const named = d.items
    .slice(0, NAMED)
    .map((i) => `${shortTime(i.at, d.until, tz)} ${itemSite(i, 'zh-Hans')}${names(i.kind)['zh-Hans']}`)
    .join('；');
  const more = d.count > Math.min(NAMED, d.items.length) ? '；……' : '';
  return {
    title: `自 ${since} 起另有 ${d.count} 条预警`,
    body:
      `自 ${since} 起另有 ${d.count} 条预警：${kinds}。` +
      `每 ${d.window_min} 分钟最多逐条发送 ${d.budget} 条消息，其余合并为本汇总（${named}${more}）。` +
      `请在看板查看全部。${localDateTime(d.until, tz)}。`,
    link: d.board_url,
  };
}

/**
 * The digest of messages folded over a recipient's budget; it names the folded kinds by `names` (the
 * catalogue's, since a digest counts every kind).
 */
export function digestMessages(names: NamesOf): MessageKind<'digest'> {
  return {
    text: {
      en: ({ digest }, tz) => digestEn(digest, tz, names),
      'zh-Hans': ({ digest }, tz) => digestZh(digest, tz, names),
    },
    card: (_p, _language, _tz, message) => ({
      tone: null,
      colour: NEUTRAL_COLOUR,
      fields: [],
      text: message.body,
    }),
    time: ({ digest }, tz) => localDateTime(digest.until, tz),
    about: () => ABOUT_NOTHING,
    names: { en: ['digest', 'digests'], 'zh-Hans': '汇总' },
  };
}
