import { allotBudget, budgetWindowStart } from '@thunderwatch/domain/notify/delivery-budget';
import type { Queryable } from '../../../../db/database.js';
import type { DigestFacts, DigestItem, DigestKind } from '../channels/delivery-channel.js';
import type { NewDelivery, OutboxRepo } from '../outbox-repo.js';
import { targetHash } from '../target-hash.js';
import { type BudgetSlot, DeliveryBudgetRepo, slotKey } from './delivery-budget-repo.js';

/** How many folded messages a digest keeps one by one (the rest are only counted by kind). */
export const DIGEST_ITEMS = 20;

export interface BudgetConfig {
  /** NOTIFY_BUDGET_COUNT: messages per recipient and window. */
  count: number;
  /** NOTIFY_BUDGET_WINDOW_MIN, in ms. */
  windowMs: number;
}

/** What a digest lists of a folded delivery: its kind, time and site, read from the event's facts. */
export function digestItemOf(row: NewDelivery): DigestItem {
  const p = row.payload;
  // Every event's facts are one object beside `event` (alarm, typhoon, flight…), each with `at`.
  const facts = Object.values(p).find((v) => typeof v === 'object' && v !== null) as
    | { at?: string; location_name?: string; location_name_en?: string | null; efm_kvm?: number | null }
    | undefined;
  const kind: DigestKind =
    p.event === 'alarm' && p.alarm.efm_kvm != null ? 'efm' : (p.event as Exclude<DigestKind, 'efm'>);
  return {
    kind,
    at: facts?.at ?? row.createdAt.toISOString(),
    location_name: facts?.location_name ?? null,
    location_name_en: facts?.location_name_en ?? null,
    level: row.level,
  };
}

type Written = { id: number; row: NewDelivery };

/**
 * Writes deliveries into the outbox within a per-recipient budget: each recipient (a channel and its
 * address) gets at most `count` messages per window; those beyond are written too, as 'folded', and told by
 * one digest per recipient and window that goes when the window ends. The count is kept in the database, in
 * the planning transaction, so any number of nodes share it. A red alarm and an alarm's escalation always
 * go (they use up the budget all the same); the others are kept by level, then kind, then time.
 */
export class BudgetedOutbox {
  private readonly repo = new DeliveryBudgetRepo();

  constructor(
    private readonly outbox: OutboxRepo,
    private readonly config: BudgetConfig,
    private readonly boardUrl: string,
  ) {}

  /** Writes the deliveries with `tx`; returns how many were new (folded ones included). */
  async write(tx: Queryable, rows: readonly NewDelivery[]): Promise<number> {
    const written = await this.outbox.write(rows, tx, null);
    if (written.length === 0) return 0;
    const byKey = new Map(rows.map((r) => [r.idempotencyKey, r]));
    const slots = new Map<string, BudgetSlot & { items: Written[] }>();
    for (const w of written) {
      const row = byKey.get(w.idempotencyKey) as NewDelivery;
      const slot = {
        channel: row.channel,
        targetHash: targetHash(row.address),
        windowStart: budgetWindowStart(row.createdAt, this.config.windowMs),
      };
      const key = slotKey(slot);
      const known = slots.get(key) ?? { ...slot, items: [] };
      known.items.push({ id: w.id, row });
      slots.set(key, known);
    }
    const used = await this.repo.lock(tx, [...slots.values()]);
    const after: (BudgetSlot & { used: number })[] = [];
    const folds: { id: number; digestId: number; at: Date }[] = [];
    for (const [key, slot] of slots) {
      const messages = slot.items.map(({ row }) => ({ ...row, at: row.createdAt }));
      const { fold, usedAfter } = allotBudget(messages, used.get(key) ?? 0, this.config.count);
      after.push({ ...slot, used: usedAfter });
      if (fold.length === 0) continue;
      const folded = fold.map((i) => slot.items[i] as Written);
      const digestId = await this.digestFor(tx, slot, folded);
      // The window's digest already went (messages that came late): these go one by one.
      if (digestId === null) continue;
      for (const f of folded) folds.push({ id: f.id, digestId, at: f.row.createdAt });
    }
    await this.repo.setUsed(tx, after);
    await this.repo.fold(tx, folds);
    return written.length;
  }

  /** The id of the slot's digest, the folded deliveries added to it; null when it is no longer pending. */
  private async digestFor(
    tx: Queryable,
    slot: BudgetSlot,
    folded: readonly Written[],
  ): Promise<number | null> {
    const first = (folded[0] as Written).row;
    const until = new Date(slot.windowStart.getTime() + this.config.windowMs);
    const key = `digest:${slot.channel}:${slot.targetHash}:${slot.windowStart.toISOString()}`;
    const empty: DigestFacts = {
      since: first.createdAt.toISOString(),
      until: until.toISOString(),
      count: 0,
      by_kind: {},
      items: [],
      budget: this.config.count,
      window_min: Math.round(this.config.windowMs / 60_000),
      board_url: this.boardUrl,
    };
    const [created] = await this.outbox.write(
      [
        {
          ...first,
          idempotencyKey: key,
          event: 'digest',
          alarmId: null,
          listId: first.listId,
          tier: 0,
          locationId: null,
          payload: { event: 'digest', digest: empty },
          createdAt: until,
          nextAttemptAt: until,
        },
      ],
      tx,
      null,
    );
    const digest = created ? { id: created.id, payload: empty } : await this.repo.pendingDigest(tx, key);
    if (!digest) return null;
    const facts = digest.payload;
    for (const f of folded) {
      const item = digestItemOf(f.row);
      facts.count += 1;
      facts.by_kind[item.kind] = (facts.by_kind[item.kind] ?? 0) + 1;
      if (facts.items.length < DIGEST_ITEMS) facts.items.push(item);
      if (f.row.createdAt.toISOString() < facts.since) facts.since = f.row.createdAt.toISOString();
    }
    facts.items.sort((a, b) => a.at.localeCompare(b.at));
    const level = Math.max(...folded.map((f) => f.row.level ?? 0));
    await this.repo.updateDigest(tx, digest.id, facts, level || null);
    return digest.id;
  }
}
