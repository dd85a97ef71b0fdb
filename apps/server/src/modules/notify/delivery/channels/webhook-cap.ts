/**
 * Webhook bodies in OASIS CAP 1.2 for receivers that speak it (sirens, public-warning gateways): an alarm is
 * an `Alert`, its confirmation an `Update` that references it, a test message an alert with status `Test`.
 * A Chinese and an English `info` block each, worded by the message templates.
 */
import type { Language } from '@thunderwatch/shared/languages';
import type { RingLevel } from '@thunderwatch/shared/warnings';
import XMLBuilder from 'fast-xml-builder';
import { CAP_NAMESPACE, CAP_SEVERITY, capTime } from '../../../../lib/cap-format.js';
import type { MessageWords } from '../templates/message-kind.js';
import { nextArrival, siteName } from '../templates/template-kit.js';
import type { AlarmFacts, NotificationPayload } from './delivery-channel.js';

/**
 * The events CAP has a message for; a daily summary is not a warning and goes as JSON, and so, for now, does
 * a typhoon alarm (its facts are in the JSON body).
 */
export type CapEvent = Extract<NotificationPayload, { event: 'alarm' | 'alarm_confirmed' | 'test' }>;

export const hasCapForm = (p: NotificationPayload): p is CapEvent =>
  p.event === 'alarm' || p.event === 'alarm_confirmed' || p.event === 'test';

export interface CapMessageContext {
  /** CAP `sender`, e.g. `thunderwatch@warn.example.org`. */
  sender: string;
  /** The message's words, read in the recipient's time zone. */
  words: Pick<MessageWords, 'text'>;
  /** Unique per message for tests (they have no alarm to name them by). */
  idempotencyKey: string;
}

/** Red: take shelter now; orange: get ready to; yellow: keep an eye on it. */
const RESPONSE: Record<RingLevel, string> = { 3: 'Shelter', 2: 'Prepare', 1: 'Monitor' };
const LANGUAGES: [Language, string][] = [
  ['zh-Hans', 'zh-CN'],
  ['en', 'en-US'],
];
const EVENT = { 'zh-Hans': '雷电预警', en: 'Lightning warning' } as const;
const SENDER_NAME = {
  'zh-Hans': 'Thunderwatch 雷电监测预警',
  en: 'Thunderwatch lightning warnings',
} as const;

/** The alarm's CAP identity: confirmations reference it as "sender,identifier,sent". */
const alarmIdentifier = (a: AlarmFacts) => `thunderwatch-alarm-${a.alarm_id}`;

/** Machine-readable facts beside the worded description. */
function parameters(a: AlarmFacts) {
  const out: { valueName: string; value: string }[] = [{ valueName: 'level', value: String(a.level) }];
  if (a.nearest_km !== null) out.push({ valueName: 'nearest_km', value: String(a.nearest_km) });
  if (a.bearing_deg !== null)
    out.push({ valueName: 'bearing_deg', value: String(Math.round(a.bearing_deg)) });
  const eta = nextArrival(a.approach);
  if (eta) {
    out.push({ valueName: 'eta_min', value: String(Math.round(eta.eta_min)) });
    out.push({ valueName: 'eta_radius_km', value: String(eta.radius_km) });
  }
  out.push({ valueName: 'location_id', value: String(a.location_id) });
  return out;
}

function infoBlocks(p: CapEvent, ctx: CapMessageContext) {
  return LANGUAGES.map(([language, capLanguage]) => {
    const m = ctx.words.text(language);
    const wording = {
      senderName: SENDER_NAME[language],
      headline: m.title,
      description: m.body,
      web: m.link,
    };
    if (p.event === 'test') {
      return {
        language: capLanguage,
        category: 'Other',
        event: language === 'en' ? 'Test message' : '测试消息',
        responseType: 'None',
        urgency: 'Unknown',
        severity: 'Unknown',
        certainty: 'Unknown',
        ...wording,
        area: { areaDesc: language === 'en' ? 'None (test)' : '无（测试）' },
      };
    }
    const a = p.alarm;
    return {
      language: capLanguage,
      category: 'Met',
      event: EVENT[language],
      // Someone on the list has it in hand: keep watching rather than act again.
      responseType: p.event === 'alarm' ? RESPONSE[a.level] : 'Monitor',
      urgency: 'Immediate',
      severity: CAP_SEVERITY[a.level],
      certainty: 'Observed',
      onset: capTime(new Date(a.at)),
      ...wording,
      parameter: parameters(a),
      area: { areaDesc: siteName(a, language) },
    };
  });
}

/** The CAP 1.2 document of an alarm, its confirmation or a test message. */
export function capMessage(p: CapEvent, ctx: CapMessageContext): string {
  let head: Record<string, string>;
  if (p.event === 'alarm') {
    // Sent is when the alarm was raised, not when this attempt went out: a retry is the same message.
    head = {
      identifier: alarmIdentifier(p.alarm),
      sent: capTime(new Date(p.alarm.at)),
      status: 'Actual',
      msgType: 'Alert',
    };
  } else if (p.event === 'alarm_confirmed') {
    head = {
      identifier: `${alarmIdentifier(p.alarm)}-confirmed`,
      sent: capTime(new Date(p.confirmation.at)),
      status: 'Actual',
      msgType: 'Update',
      note: `Confirmed by ${p.confirmation.by}${p.confirmation.note ? `: ${p.confirmation.note}` : ''}`,
      references: `${ctx.sender},${alarmIdentifier(p.alarm)},${capTime(new Date(p.alarm.at))}`,
    };
  } else {
    const key = ctx.idempotencyKey.replace(/[^A-Za-z0-9_.:-]/g, '-');
    head = {
      identifier: `thunderwatch-test-${key}`,
      sent: capTime(new Date(p.at)),
      status: 'Test',
      msgType: 'Alert',
    };
  }
  const { identifier, sent, status, msgType, note, references } = head;
  const doc = {
    '?xml': { '@_version': '1.0', '@_encoding': 'UTF-8' },
    alert: {
      '@_xmlns': CAP_NAMESPACE,
      identifier,
      sender: ctx.sender,
      sent,
      status,
      msgType,
      scope: 'Restricted',
      restriction: '仅限预警分发名单的接收方 / For the recipients of a warning distribution list only',
      ...(note ? { note } : {}),
      ...(references ? { references } : {}),
      info: infoBlocks(p, ctx),
    },
  };
  return new XMLBuilder({ ignoreAttributes: false, format: true }).build(doc);
}
