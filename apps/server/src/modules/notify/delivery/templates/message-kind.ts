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

/** One registered kind per event: the compiler says which is missing. */
export type MessageCatalogue = { [E in NotificationEvent]: MessageKind<E> };

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

  /** A kind's name in digests (field-mill alarms by their own). */
  names(kind: DigestKind): KindNames {
    for (const k of Object.values(this.kinds) as MessageKind<NotificationEvent>[]) {
      const variant = k.variants?.[kind];
      if (variant) return variant;
    }
    return (this.kinds[kind as NotificationEvent] as MessageKind<NotificationEvent>).names;
  }
}
