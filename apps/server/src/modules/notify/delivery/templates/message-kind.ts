import type { Language } from '@thunderwatch/shared/languages';
import type { NotificationEvent } from '@thunderwatch/shared/notifications';
import type { DigestKind, NotificationPayload } from '../channels/delivery-channel.js';
import { CARD_WORDS } from './card-words.js';
import type { CardFacts, MessageAbout, MessageWords, RenderedMessage } from './message-words.js';
import type { RobotCard } from './robot-card.js';

export type { CardFacts, MessageAbout, MessageWords, RenderedMessage } from './message-words.js';

export type PayloadOf<E extends NotificationEvent> = Extract<NotificationPayload, { event: E }>;

/** How a kind is counted in a digest: English singular and plural, and Chinese. */
export interface KindNames {
  en: readonly [string, string];
  'zh-Hans': string;
}

/**
 * Everything a kind of message says, registered by the area the kind belongs to: its words in each language,
 * its chat card, its time and what the inbox files it under. Channels and the inbox read messages only
 * through these (notify knows no kind's facts).
 */
export interface MessageKind<E extends NotificationEvent> {
  text: Record<Language, (payload: PayloadOf<E>, timeZone: string) => RenderedMessage>;
  /** The card in a language; `message` is the text in that language (cards may quote its body). */
  card: (payload: PayloadOf<E>, language: Language, timeZone: string, message: RenderedMessage) => CardFacts;
  /** When it happened, as the reader reads it (WeChat's time keyword). */
  time: (payload: PayloadOf<E>, timeZone: string) => string;
  about: (payload: PayloadOf<E>) => MessageAbout;
  names: KindNames;
  /** Kinds a digest counts apart (a field-mill alarm is a lightning alarm), by their digest name. */
  variants?: Partial<Record<DigestKind, KindNames>>;
}

/** How an event is told to a group's lists and a location's subscribers (`delivery-plan.ts`). */
export interface Telling {
  /** Null: an event of the group, not of a location (a device, a report): every list of the group hears it. */
  locationId: number | null;
  /** What the lists' minimum level compares (1 yellow … 3 red; 0 below every list). */
  level: number;
  alarmId: number | null;
  /**
   * Prefix of its messages' idempotency keys: one event, one prefix. Alarms of every kind are rows of the one
   * alarms table, so `alarm:<id>` names each once (the `typhoon:`, `wave:`, `flight:` and `weather_warning:`
   * keys of their former tables' ids stay on messages sent before).
   */
  key: string;
  /** Whether the lists' escalation tier applies (only lightning alarms are confirmed, which stops it). */
  escalates: boolean;
}

/** The events an area tells: all but those notify makes itself (confirmations, summaries, tests, digests). */
export type ToldEvent = Exclude<NotificationEvent, 'alarm_confirmed' | 'daily_summary' | 'test' | 'digest'>;

/** A kind an area tells: its words, and how it is told. */
export interface ToldKind<E extends ToldEvent> extends MessageKind<E> {
  told(payload: PayloadOf<E>): Telling;
}

/** One registered kind per event, told ones with their telling: the compiler says which is missing. */
export type MessageCatalogue = {
  [E in NotificationEvent]: E extends ToldEvent ? ToldKind<E> : MessageKind<E>;
};

/** Nothing to say about a kind of message in the inbox (summaries, tests, reports). */
export const ABOUT_NOTHING: MessageAbout = { alarmId: null, locationId: null, level: null };

/** The card of a message without a level: the neutral blue band, the body as its text. */
export const NEUTRAL_COLOUR = '#1f4e79';

/** The words of every kind of message (the catalogue is put together where the areas are wired). */
export class Messages {
  constructor(private readonly kinds: MessageCatalogue) {}

  private kindOf<E extends NotificationEvent>(payload: PayloadOf<E>): MessageKind<E> {
    return this.kinds[payload.event as E] as unknown as MessageKind<E>;
  }

  /** The short message of an event in a language, times in the reader's zone. */
  text(payload: NotificationPayload, language: Language, timeZone: string): RenderedMessage {
    return this.kindOf(payload).text[language](payload, timeZone);
  }

  /** One line for SMS and similar: title, body and link. */
  line(payload: NotificationPayload, language: Language, timeZone: string): string {
    const m = this.text(payload, language, timeZone);
    return `${m.title} ${m.body} ${m.link}`;
  }

  /** The chat card of an event in a language. */
  card(payload: NotificationPayload, language: Language, timeZone: string): RobotCard {
    const message = this.text(payload, language, timeZone);
    const facts = this.kindOf(payload).card(payload, language, timeZone, message);
    return { ...facts, title: message.title, link: message.link, linkLabel: CARD_WORDS[language].open };
  }

  /** The words of one message for one reader's time zone. */
  wordsOf(payload: NotificationPayload, timeZone: string): MessageWords {
    const kind = this.kindOf(payload);
    return {
      text: (language) => this.text(payload, language, timeZone),
      line: (language) => this.line(payload, language, timeZone),
      card: (language) => this.card(payload, language, timeZone),
      time: kind.time(payload, timeZone),
      about: kind.about(payload),
    };
  }

  /** How an event an area raised is told to lists and subscribers. */
  told<E extends ToldEvent>(payload: PayloadOf<E>): Telling {
    const event = (payload as NotificationPayload).event as E;
    return (this.kinds[event] as unknown as ToldKind<E>).told(payload);
  }

  /** A kind's name in digests (field-mill alarms by their own). */
  names(kind: DigestKind): KindNames {
    for (const k of Object.values(this.kinds) as MessageKind<NotificationEvent>[]) {
      const variant = k.variants?.[kind];
      if (variant) return variant;
    }
    return (this.kinds[kind as NotificationEvent] as MessageKind<NotificationEvent>).names;
  }
}
