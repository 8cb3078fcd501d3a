import type { Server as SocketServer } from "socket.io";

/**
 * The process's Socket.IO server and its rooms, set by platform.attachRealtime()
 * (lib/realtime.server configures it). Areas push events to a user's private room
 * through here; sessions close their sockets through here. Nothing else touches `io`.
 * With the Redis adapter, every call below reaches the sockets of every instance.
 *
 * Rooms: `user:<userId>` (every socket of a user) and `session:<sessionId>` (the
 * sockets opened with one session: its id is the stored SHA-256 of the secret).
 */
let io: SocketServer | undefined;

export function setRealtimeServer(server: SocketServer | undefined): void {
  io = server;
}

export function realtimeServer(): SocketServer | undefined {
  return io;
}

export const userRoom = (userId: string) => `user:${userId}`;
export const sessionRoom = (sessionId: string) => `session:${sessionId}`;

/** Sends an event to every socket of one user. */
export function emitToUser(userId: string, event: string, payload: unknown): void {
  io?.to(userRoom(userId)).emit(event, payload);
}

/** Closes the sockets opened with these sessions (sign-out, revocation). */
export function disconnectSessions(sessionIds: readonly string[]): void {
  if (!io || sessionIds.length === 0) return;
  io.in(sessionIds.map(sessionRoom)).disconnectSockets(true);
}

/** Closes every socket of a user, except those of the session kept (password change, deactivation). */
export function disconnectUser(userId: string, options: { exceptSessionId?: string } = {}): void {
  if (!io) return;
  const sockets = io.in(userRoom(userId));
  (options.exceptSessionId ? sockets.except(sessionRoom(options.exceptSessionId)) : sockets).disconnectSockets(true);
}
