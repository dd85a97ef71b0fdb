/**
 * The per-recipient message budget: one recipient (a channel and its address: a user's inbox, a phone, an
 * e-mail address, a webhook or robot URL, an openid) gets at most `count` messages in each window of time;
 * what comes beyond is folded into one digest sent when the window ends. Windows are fixed (multiples of
 * the window's length since the epoch), so every node agrees on them.
 *
 * Nothing a duty officer must act on is ever folded: a red lightning alarm (rings, prediction and field
 * mill alike) and the escalation tier of an alarm always go. They use up the budget all the same, so the
 * lower-priority messages around them are folded first.
 */

/** What the budget looks at of one message. */
export interface BudgetedMessage {
  event: string;
  level: number | null;
  /** 1: an alarm's escalation tier. */
  tier: number;
  /** When it counts (the event's time, an escalation's due time). */
  at: Date;
}

/** The start of the fixed window `at` falls in. */
export function budgetWindowStart(at: Date, windowMs: number): Date {
  return new Date(Math.floor(at.getTime() / windowMs) * windowMs);
}

/** Whether a message always goes, whatever the budget: a red alarm, and an alarm's escalation. */
export function alwaysSent(m: BudgetedMessage): boolean {
  return m.event === 'alarm' && (m.level === 3 || m.tier === 1);
}

/** Of two foldable messages of one window, the kinds kept first (lightning before the rest). */
const KIND_RANK: Record<string, number> = {
  alarm: 0,
  typhoon: 1,
  disaster: 2,
  weather_warning: 3,
  wave: 4,
  flight: 5,
  device: 6,
  report: 7,
};

function priority(a: BudgetedMessage, b: BudgetedMessage): number {
  const always = Number(alwaysSent(b)) - Number(alwaysSent(a));
  if (always !== 0) return always;
  const level = (b.level ?? 0) - (a.level ?? 0);
  if (level !== 0) return level;
  const kind = (KIND_RANK[a.event] ?? 9) - (KIND_RANK[b.event] ?? 9);
  if (kind !== 0) return kind;
  return a.at.getTime() - b.at.getTime();
}

/**
 * Which of a recipient's new messages of one window go and which are folded, given how many of the window's
 * budget were used before: the ones that always go, then the others by level, kind and time while the
 * budget lasts. Returns the indexes of each, and the budget used after.
 */
export function allotBudget(
  messages: readonly BudgetedMessage[],
  usedBefore: number,
  count: number,
): { go: number[]; fold: number[]; usedAfter: number } {
  const at = (i: number) => messages[i] as BudgetedMessage;
  const order = messages.map((_, i) => i).sort((i, j) => priority(at(i), at(j)) || i - j);
  let used = usedBefore;
  const go: number[] = [];
  const fold: number[] = [];
  for (const i of order) {
    if (alwaysSent(at(i)) || used < count) {
      go.push(i);
      used += 1;
    } else {
      fold.push(i);
    }
  }
  return { go: go.sort((a, b) => a - b), fold: fold.sort((a, b) => a - b), usedAfter: used };
}
