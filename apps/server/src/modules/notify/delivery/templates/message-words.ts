import type { Language } from '@thunderwatch/shared/languages';
import type { RobotCard } from './robot-card.js';

/** A message in one language: a title line, a short body and the link to open. */
export interface RenderedMessage {
  title: string;
  body: string;
  link: string;
}

/** A chat card's band and facts; its title, link and button come from the message. */
export type CardFacts = Pick<RobotCard, 'tone' | 'colour' | 'fields' | 'text'>;

/** What the inbox files a message under. */
export interface MessageAbout {
  alarmId: number | null;
  locationId: number | null;
  /** On the lists' scale (1 yellow … 3 red; 0 below every list), null when it has none. */
  level: number | null;
}

/** A message's words, bound to its facts and its reader's time zone. */
export interface MessageWords {
  text(language: Language): RenderedMessage;
  /** One line for SMS and similar: title, body and link. */
  line(language: Language): string;
  card(language: Language): RobotCard;
  /** When it happened, in the reader's zone. */
  readonly time: string;
  readonly about: MessageAbout;
}
