import type { ClientToServerEvents, ServerToClientEvents } from '@thunderwatch/shared/socket-events';
import type { CompactStroke } from '@thunderwatch/shared/strokes';
import type { FastifyInstance } from 'fastify';
import { Server } from 'socket.io';
import type { AuthUser } from '../../lib/access.js';
import type { AuthService } from '../../modules/accounts/auth/auth-service.js';
import { toCompact } from '../../modules/lightning/strokes/stroke-row.js';
import type { StrokeBus } from '../stroke-bus.js';

export const STROKE_BATCH_MS = 250;
/** Admins act on every group: they hear every group's warnings and alarms. */
const ADMINS_ROOM = 'admins';
/** The sockets that asked for live strokes. */
const STROKES_ROOM = 'strokes';
/**
 * Packets a socket may leave untaken (about 10 s of stroke batches) before it is cut off: a client that stops
 * reading must not make the server hold a storm's strokes for it. It reconnects and reloads over REST.
 */
export const MAX_UNSENT_PACKETS = 40;

/** Packets waiting for the socket's transport (engine.io keeps them while the client does not read). */
export function unsentPackets(conn: object): number {
  return (conn as { writeBuffer?: unknown[] }).writeBuffer?.length ?? 0;
}

/** The rooms a group's events go to: the group's own, and the admins'. */
export function groupRooms(groupId: number): string[] {
  return [`group:${groupId}`, ADMINS_ROOM];
}

interface SocketData {
  user: AuthUser;
}

export type RealtimeServer = Server<
  ClientToServerEvents,
  ServerToClientEvents,
  Record<string, never>,
  SocketData
>;

/**
 * socket.io on the HTTP port. A client authenticates with its access token (`auth: {token}`) and joins
 * its group's and its own room (admins also the admins' room). Live strokes are group-independent: they go to every signed-in client
 * that asked for them (`strokes:subscribe`), gathered into one `strokes` event at most every 250 ms.
 */
export function registerRealtime(
  app: FastifyInstance,
  d: {
    auth: Pick<AuthService, 'callerOf'>;
    bus: StrokeBus;
    /** Defaults STROKE_BATCH_MS and MAX_UNSENT_PACKETS (tests shorten them). */
    batchMs?: number;
    maxUnsentPackets?: number;
  },
): RealtimeServer {
  const batchMs = d.batchMs ?? STROKE_BATCH_MS;
  const maxUnsent = d.maxUnsentPackets ?? MAX_UNSENT_PACKETS;
  const io: RealtimeServer = new Server(app.server, { path: '/socket.io', serveClient: false });

  io.use(async (socket, next) => {
    const token = (socket.handshake.auth as { token?: unknown } | undefined)?.token;
    const user = typeof token === 'string' ? await d.auth.callerOf(token) : null;
    if (!user || typeof user === 'string') return next(new Error('auth.invalid_token'));
    socket.data.user = user;
    next();
  });
  io.on('connection', (socket) => {
    const { user } = socket.data;
    void socket.join([
      `group:${user.groupId}`,
      `user:${user.id}`,
      ...(user.role === 'admin' ? [ADMINS_ROOM] : []),
    ]);
    socket.on('strokes:subscribe', (ack) => {
      void socket.join(STROKES_ROOM);
      if (typeof ack === 'function') ack();
    });
    socket.on('strokes:unsubscribe', () => void socket.leave(STROKES_ROOM));
    // A round trip: when its answer arrives, so has everything this server sent the client before it.
    socket.on('sync', (ack) => {
      if (typeof ack === 'function') ack();
    });
  });

  let pending: CompactStroke[] = [];
  let timer: NodeJS.Timeout | null = null;
  const flush = () => {
    timer = null;
    const batch = pending;
    pending = [];
    for (const id of io.of('/').adapter.rooms.get(STROKES_ROOM) ?? []) {
      const socket = io.sockets.sockets.get(id);
      // Discarding its buffer: a plain disconnect would wait for the client to read it first.
      if (socket && unsentPackets(socket.conn) > maxUnsent) socket.conn.close(true);
    }
    io.to(STROKES_ROOM).emit('strokes', batch);
  };
  const unsubscribe = d.bus.subscribe((rows) => {
    for (const r of rows) pending.push(toCompact(r));
    timer ??= setTimeout(flush, batchMs);
  });

  // Before the HTTP server closes: open websockets would keep it waiting.
  app.addHook('preClose', async () => {
    unsubscribe();
    if (timer) clearTimeout(timer);
    io.disconnectSockets(true);
    io.engine.close();
  });
  return io;
}
