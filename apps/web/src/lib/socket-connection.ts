import type { ClientToServerEvents, ServerToClientEvents } from '@thunderwatch/shared/socket-events';
import { io, type Socket } from 'socket.io-client';
import { apiClient } from './api-client';
import { createSocketController } from './socket';

/** The app's socket: same origin, path /socket.io, authenticated with the API client's fresh token. */
export const socketController = createSocketController({
  accessToken: async (forceRefresh) =>
    forceRefresh ? ((await apiClient.refresh())?.access ?? null) : apiClient.accessToken(),
  createSocket(auth) {
    const socket: Socket<ServerToClientEvents, ClientToServerEvents> = io({
      path: '/socket.io',
      // WebSocket only, no long-polling first: a socket is then one connection to one node, so a cluster
      // behind a round-robin proxy needs no sticky sessions.
      transports: ['websocket'],
      autoConnect: false,
      auth,
      reconnectionDelayMax: 10_000,
    });
    return socket;
  },
});
