import { createAdapter } from "@socket.io/redis-adapter";
import type { Redis } from "ioredis";
import type { Server as SocketServer, Socket } from "socket.io";
import { db } from "./db/db.server";
import { env } from "./env.server";
import { logger } from "./logger.server";
import { findSession, sessionCookie } from "./session.server";

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

export type RealtimeOptions = {
  /** With a Redis client, events reach the sockets of every instance (a duplicate connection subscribes). */
  redis?: Redis | null;
  /** Channel prefix of the Redis adapter (tests keep theirs apart). */
  adapterKey?: string;
  /** Make this server the one emitToUser() uses (false for a second server in tests). */
  register?: boolean;
};

/** A cookie is honoured only from the site itself (no cross-site WebSocket hijacking). */
function isSameSite(handshake: Socket["handshake"]): boolean {
  const origin = handshake.headers.origin;
  if (!origin) return true;
  const host = handshake.headers["x-forwarded-host"] ?? handshake.headers.host;
  return origin === new URL(env().appUrl).origin || origin === `http://${host}` || origin === `https://${host}`;
}

/** The user behind a socket's handshake: `auth: { token }` (API clients) or the session cookie (browsers). */
export async function authenticateHandshake(handshake: Socket["handshake"]): Promise<string | null> {
  const auth = handshake.auth as { token?: unknown } | undefined;
  let token = typeof auth?.token === "string" && auth.token ? auth.token : null;
  if (!token && isSameSite(handshake)) {
    const value = await sessionCookie.parse(handshake.headers.cookie ?? null);
    token = typeof value === "string" && value ? value : null;
  }
  if (!token) return null;
  const session = await findSession(token);
  if (!session) return null;
  const user = await db().selectFrom("users").select(["id", "disabledAt"]).where("id", "=", session.userId).executeTakeFirst();
  return user && !user.disabledAt ? user.id : null;
}

/**
 * Authenticates every socket (others are refused with "unauthorized"), puts
 * each in its user's private room, and shares rooms across instances through
 * Redis when a client is given.
 */
export function configureRealtime(server: SocketServer, options: RealtimeOptions = {}): void {
  if (options.redis) {
    const pub = options.redis;
    const sub = pub.duplicate();
    sub.on("error", (error) => logger.warn({ err: error }, "redis subscriber error"));
    server.adapter(createAdapter(pub, sub, options.adapterKey ? { key: options.adapterKey } : {}));
    // io.close() closes the HTTP server: the subscriber goes with it.
    server.httpServer?.once("close", () => void sub.quit().catch(() => sub.disconnect()));
  }

  server.use((socket, next) => {
    authenticateHandshake(socket.handshake).then(
      (userId) => {
        if (!userId) return next(new Error("unauthorized"));
        socket.data.userId = userId;
        next();
      },
      (error: unknown) => {
        logger.warn({ err: error }, "socket authentication failed");
        next(new Error("unauthorized"));
      },
    );
  });

  server.on("connection", (socket) => {
    void socket.join(userRoom(socket.data.userId as string));
  });

  if (options.register !== false) setRealtimeServer(server);
}
