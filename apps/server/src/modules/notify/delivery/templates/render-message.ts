import type { Language } from '@thunderwatch/shared/languages';
import type { NotificationPayload } from '../channels/delivery-channel.js';
import { EN_TEMPLATES } from './en.js';
import type { EventTemplates, RenderedMessage } from './template-kit.js';
import { ZH_TEMPLATES } from './zh-hans.js';

const TEMPLATES: Record<Language, EventTemplates> = { 'zh-Hans': ZH_TEMPLATES, en: EN_TEMPLATES };

/** The short message (title, body, link) of an event in a language, times in the reader's zone. */
export function renderMessage(
  payload: NotificationPayload,
  language: Language,
  timeZone: string,
): RenderedMessage {
  const t = TEMPLATES[language];
  switch (payload.event) {
    case 'alarm':
      return t.alarm(payload, timeZone);
    case 'alarm_confirmed':
      return t.alarm_confirmed(payload, timeZone);
    case 'daily_summary':
      return t.daily_summary(payload, timeZone);
    case 'test':
      return t.test(payload, timeZone);
    case 'typhoon':
      return t.typhoon(payload, timeZone);
    case 'wave':
      return t.wave(payload, timeZone);
    case 'weather_warning':
      return t.weather_warning(payload, timeZone);
    case 'disaster':
      return t.disaster(payload, timeZone);
    case 'device':
      return t.device(payload, timeZone);
    case 'flight':
      return t.flight(payload, timeZone);
    case 'report':
      return t.report(payload, timeZone);
    case 'digest':
      return t.digest(payload, timeZone);
  }
}

/** One line for SMS and similar: title, body and link. */
export function renderText(payload: NotificationPayload, language: Language, timeZone: string): string {
  const m = renderMessage(payload, language, timeZone);
  return `${m.title} ${m.body} ${m.link}`;
}
