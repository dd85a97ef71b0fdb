import {
  DEDUPE_WINDOW_MS,
  dedupeKey,
  quietHoursHoldBack,
  retryDelayMs,
} from '@thunderwatch/domain/notify/delivery-rules';
import { CHANNELS, type Channel, type DeliveryStatus } from '@thunderwatch/shared/notifications';
import type { FastifyBaseLogger } from 'fastify';
import type { ChannelRegistry } from './channels/channel-registry.js';
import { ChannelError } from './channels/delivery-channel.js';
import type { ClaimedDelivery, DeliveryClaimsRepo } from './delivery-claims-repo.js';
import { targetHash } from './target-hash.js';
import type { Messages } from './templates/message-kind.js';

export interface DeliveryOutcome {
  status: DeliveryStatus;
  error: string | null;
  latencyMs: number | null;
}

export interface WorkerOptions {
  claims: DeliveryClaimsRepo;
  channels: ChannelRegistry;
  /** The words of every kind of message. */
  messages: Messages;
  now: () => Date;
  log: Pick<FastifyBaseLogger, 'error' | 'warn'>;
  maxAttempts: number;
  leaseMs: number;
  /** How often the outbox is looked at without a wake-up (escalations, retries, other nodes' rows). */
  pollMs?: number;
  /** Sends in flight per channel: a slow channel fills its own slots, never the others'. */
  perChannel?: number;
  random?: () => number;
  /** Told of every delivery this worker finished handling (for the metrics). */
  onOutcome?: (channel: Channel, status: DeliveryStatus) => void;
}

/**
 * Delivers the outbox: claims due rows (SKIP LOCKED, so any number of nodes can run one), decides whether
 * each still has to go (an escalation of a confirmed alarm, quiet hours, the duplicate window), sends it
 * through its channel and records the attempt; a failure is retried with backoff until the attempt
 * limit, a permanent one gives up at once.
 */
export class DeliveryWorker {
  private readonly perChannel: number;
  private readonly inFlight = new Map<Channel, number>();
  private readonly sends = new Set<Promise<void>>();
  private running = false;
  private loopDone: Promise<void> = Promise.resolve();
  private woken = false;
  private wakeUp: (() => void) | null = null;

  constructor(private readonly o: WorkerOptions) {
    this.perChannel = o.perChannel ?? 16;
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    this.loopDone = this.loop();
  }

  /** Stops claiming and waits for the sends in flight. */
  async stop(): Promise<void> {
    this.running = false;
    this.wake();
    await this.loopDone;
    await Promise.allSettled([...this.sends]);
  }

  /** New rows are due: look now rather than at the next poll. */
  wake(): void {
    this.woken = true;
    this.wakeUp?.();
  }

  /** Claims and delivers everything due now, and waits for it (tests, and a worker-less process). */
  async runOnce(): Promise<number> {
    let total = 0;
    for (;;) {
      const claimed = await this.claim(this.perChannel);
      if (claimed.length === 0) return total;
      total += claimed.length;
      await Promise.all(claimed.map((d) => this.deliver(d)));
    }
  }

  /** Decides, sends and records one claimed delivery. */
  async deliver(d: ClaimedDelivery): Promise<DeliveryOutcome> {
    const o = this.o;
    const now = o.now();
    if (d.event === 'alarm' && d.tier === 1 && d.alarmConfirmed) {
      await o.claims.markSkipped(d.id, 'cancelled', 'confirmed', now);
      return { status: 'cancelled', error: null, latencyMs: null };
    }
    const quiet = { quiet: d.quietHours, level: d.level, channel: d.channel, at: now, timeZone: d.timeZone };
    if (d.event !== 'test' && quietHoursHoldBack(quiet)) {
      await o.claims.markSkipped(d.id, 'suppressed', 'quiet_hours', now);
      return { status: 'suppressed', error: null, latencyMs: null };
    }
    const slot = this.dedupeSlot(d);
    if (slot && !(await o.claims.takeDedupeSlot(slot, d.id, d.createdAt, DEDUPE_WINDOW_MS))) {
      await o.claims.markSkipped(d.id, 'suppressed', 'duplicate', now);
      return { status: 'suppressed', error: null, latencyMs: null };
    }
    const started = o.now();
    const t0 = performance.now();
    let error: ChannelError | null = null;
    try {
      await o.channels.send({
        deliveryId: d.id,
        idempotencyKey: d.idempotencyKey,
        event: d.event,
        groupId: d.groupId,
        userId: d.userId,
        channel: d.channel,
        recipientKind: d.recipientKind,
        address: d.address,
        language: d.language,
        timeZone: d.timeZone,
        options: d.channelOptions,
        payload: d.payload,
        words: o.messages.wordsOf(d.payload, d.timeZone),
      });
    } catch (e) {
      error = e instanceof ChannelError ? e : new ChannelError('notification.send_failed', String(e));
    }
    const attempt = { startedAt: started, durationMs: performance.now() - t0, error: error?.message ?? null };
    const done = o.now();
    if (!error) {
      const latencyMs = Math.max(0, done.getTime() - d.createdAt.getTime());
      await o.claims.markSent(d.id, done, latencyMs, d.attempts, attempt);
      return { status: 'sent', error: null, latencyMs };
    }
    // A test message answers whoever asked, now: it is not retried.
    if (error.permanent || d.attempts >= o.maxAttempts || d.event === 'test') {
      await o.claims.markFailed(d.id, done, d.attempts, attempt);
      if (slot) await o.claims.releaseDedupeSlot(slot, d.id);
      return { status: 'failed', error: error.message, latencyMs: null };
    }
    const retryAt = new Date(done.getTime() + retryDelayMs(d.attempts, (o.random ?? Math.random)()));
    await o.claims.reschedule(d.id, retryAt, d.attempts, attempt);
    return { status: 'pending', error: error.message, latencyMs: null };
  }

  private dedupeSlot(d: ClaimedDelivery): string | null {
    if (d.event !== 'alarm' || d.locationId === null || d.level === null) return null;
    return dedupeKey({
      kind: d.recipientKind,
      value: targetHash(d.recipientValue),
      channel: d.channel,
      locationId: d.locationId,
      level: d.level,
    });
  }

  /** Claims due rows, up to each channel's free slots (`perChannelCap` of them when running by hand). */
  private claim(perChannelCap?: number): Promise<ClaimedDelivery[]> {
    const now = this.o.now();
    const slots = new Map(
      CHANNELS.map((c) => [c, perChannelCap ?? this.perChannel - (this.inFlight.get(c) ?? 0)] as const),
    );
    return this.o.claims.claim({ now, leaseUntil: new Date(now.getTime() + this.o.leaseMs), slots });
  }

  private async loop(): Promise<void> {
    const pollMs = this.o.pollMs ?? 1000;
    while (this.running) {
      this.woken = false;
      let claimed: ClaimedDelivery[] = [];
      try {
        claimed = await this.claim();
      } catch (error) {
        this.o.log.error({ err: error }, 'claiming deliveries failed');
      }
      for (const d of claimed) this.track(d);
      // Something was due: look again at once (a finished send also wakes the loop). Otherwise wait.
      if (claimed.length > 0) continue;
      if (this.woken || !this.running) continue;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, pollMs);
        this.wakeUp = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      this.wakeUp = null;
    }
  }

  private track(d: ClaimedDelivery): void {
    this.inFlight.set(d.channel, (this.inFlight.get(d.channel) ?? 0) + 1);
    const send = this.deliver(d)
      .then((outcome) => this.o.onOutcome?.(d.channel, outcome.status))
      .catch((error: unknown) => {
        // The row stays claimed; another attempt follows when its lease runs out.
        this.o.log.error({ err: error, delivery: d.id }, 'delivery bookkeeping failed');
      })
      .then(() => {
        this.inFlight.set(d.channel, (this.inFlight.get(d.channel) ?? 1) - 1);
        this.sends.delete(send);
        // A slot is free: claim more without waiting for the poll.
        this.wake();
      });
    this.sends.add(send);
  }
}
