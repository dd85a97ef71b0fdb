import type { Language } from '@thunderwatch/shared/languages';
import { LEVEL_COLOURS } from '@thunderwatch/shared/warnings';
import { CMA_COLOURS } from './card-words.js';
import type { MessageWords } from './message-kind.js';

/** An e-mail as sent: the subject line, a plain-text part and an HTML part saying the same. */
export interface RenderedEmail {
  subject: string;
  text: string;
  html: string;
}

const WORDS = {
  'zh-Hans': { open: '打开预警看板', footer: '此邮件由雷电监测预警平台自动发送，请勿直接回复。' },
  en: {
    open: 'Open the warning board',
    footer: 'Sent automatically by Thunderwatch lightning warnings. Please do not reply.',
  },
} as const satisfies Record<Language, { open: string; footer: string }>;

/** Yellows (the lightning scale's and CMA's) need dark text to be readable; the other colours take white. */
const inkOn = (colour: string) =>
  colour === LEVEL_COLOURS[1] || colour === CMA_COLOURS.yellow ? '#1a1a1a' : '#ffffff';

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Text for HTML content and attribute values: location names and notes are typed by users. */
export const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ESCAPES[c] as string);

/** Only http(s) links become buttons; anything else is shown as text, never as a javascript: href. */
const safeHref = (link: string) => (/^https?:\/\//i.test(link) ? link : null);

/**
 * An event as an e-mail in the reader's language: the message's title as subject, a coloured band with
 * the title, the facts, a button to the board, and the same as plain text for clients without HTML.
 */
export function renderEmail(message: Pick<MessageWords, 'text' | 'card'>, language: Language): RenderedEmail {
  const m = message.text(language);
  const words = WORDS[language];
  // The band is the chat card's: the level's colour, the all-clear green for a confirmation, else blue.
  const colour = message.card(language).colour;
  const href = safeHref(m.link);
  const text = `${m.title}\n\n${m.body}\n\n${words.open}: ${m.link}\n\n--\n${words.footer}\n`;
  const button = href
    ? `<p style="margin:24px 0 8px"><a href="${escapeHtml(href)}" style="display:inline-block;padding:10px 18px;border-radius:6px;background:${colour};color:${inkOn(colour)};text-decoration:none;font-weight:600">${escapeHtml(words.open)}</a></p>`
    : `<p style="margin:24px 0 8px">${escapeHtml(words.open)}: ${escapeHtml(m.link)}</p>`;
  const html = `<!DOCTYPE html>
<html lang="${language}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(m.title)}</title></head>
<body style="margin:0;padding:16px;background:#f3f4f6;font-family:-apple-system,'Segoe UI','PingFang SC','Microsoft YaHei',sans-serif;color:#1a1a1a">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:8px;overflow:hidden">
<tr><td style="background:${colour};color:${inkOn(colour)};padding:16px 20px;font-size:18px;font-weight:700">${escapeHtml(m.title)}</td></tr>
<tr><td style="padding:20px;font-size:15px;line-height:1.6">
<p style="margin:0">${escapeHtml(m.body)}</p>
${button}
</td></tr>
<tr><td style="padding:12px 20px;border-top:1px solid #e5e7eb;font-size:12px;color:#6b7280">${escapeHtml(words.footer)}</td></tr>
</table>
</body>
</html>
`;
  return { subject: m.title, text, html };
}
