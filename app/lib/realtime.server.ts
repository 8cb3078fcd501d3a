import type { Server as SocketServer } from "socket.io";

/**
 * The process's Socket.IO server, set by platform.attachRealtime(). Areas push
 * events to a user's private room through here; nothing else touches `io`.
 */
let io: SocketServer | undefined;

export function setRealtimeServer(server: SocketServer | undefined): void {
  io = server;
}

export function realtimeServer(): SocketServer | undefined {
  return io;
}

export const userRoom = (userId: string) => `user:${userId}`;

/** Sends an event to every socket of one user (on every instance, with the Redis adapter). */
export function emitToUser(userId: string, event: string, payload: unknown): void {
  io?.to(userRoom(userId)).emit(event, payload);
}
