import type { Level } from '@thunderwatch/shared/warnings';

/**
 * A message as a chat card: a title band in the level's colour, labelled facts (site, level, nearest
 * stroke, the storm's approach, time), an optional line of text, and a button to the board. Each robot
 * channel lays it out in its vendor's format; the wording is in the recipient's language (each kind's
 * `card` in its MessageKind).
 */
export interface RobotCard {
  /** What the band's colour says: an alarm's level, 0 for a confirmation (the all-clear green), null otherwise. */
  tone: Level | null;
  /** The band's colour as #rrggbb. */
  colour: string;
  title: string;
  fields: { label: string; value: string }[];
  text: string | null;
  link: string;
  linkLabel: string;
}

/** A coloured mark before the title, for chat apps whose markdown has few or no colours. */
export function toneMark(tone: Level | null): string {
  switch (tone) {
    case 3:
      return '🔴';
    case 2:
      return '🟠';
    case 1:
      return '🟡';
    case 0:
      return '🟢';
    default:
      return '🔵';
  }
}

/**
 * Text typed by users (site names, notes) inside chat markdown: emphasis, link and code characters are
 * escaped with a backslash, and angle brackets become their full-width forms, so that a name cannot open
 * a tag (DingTalk and WeCom render `<font>`) or a link.
 */
export const markdownText = (s: string) =>
  s
    .replace(/[\\`*_[\]]/g, (c) => `\\${c}`)
    .replace(/</g, '＜')
    .replace(/>/g, '＞');
