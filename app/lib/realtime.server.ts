import { createAdapter } from "@socket.io/redis-adapter";
import type { Redis } from "ioredis";
import type { Server as SocketServer, Socket } from "socket.io";
import { env } from "./env.server";
import { logger } from "./logger.server";
import { sessionRoom, setRealtimeServer, userRoom } from "./realtime-hub.server";
import { findSession, isSessionLive, sessionCookie } from "./session.server";

export { disconnectSessions, disconnectUser, emitToUser, realtimeServer, sessionRoom, setRealtimeServer, userRoom } from "./realtime-hub.server";

export type RealtimeOptions = {
  /** With a Redis client, events reach the sockets of every instance (a duplicate connection subscribes). */
  redis?: Redis | null;
  /** Channel prefix of the Redis adapter (tests keep theirs apart). */
  adapterKey?: string;
  /** Make this server the one emitToUser() uses (false for a second server in tests). */
  register?: boolean;
};

/** Whether an account may still hold sockets (a deactivated one may not); the identity core answers it. */
export type ActiveUserCheck = (userId: string) => Promise<boolean>;

/** A cookie is honoured only from the site itself (no cross-site WebSocket hijacking). */
function isSameSite(handshake: Socket["handshake"]): boolean {
  const origin = handshake.headers.origin;
  if (!origin) return true;
  // X-Forwarded-Host names the site only behind a proxy the configuration trusts (TRUST_PROXY), as on HTTP.
  const forwarded = env().trustProxy ? handshake.headers["x-forwarded-host"] : undefined;
  const host = (typeof forwarded === "string" ? forwarded.split(",")[0]!.trim() : undefined) ?? handshake.headers.host;
  return origin === new URL(env().appUrl).origin || origin === `http://${host}` || origin === `https://${host}`;
}

/**
 * The user and session behind a socket's handshake: `auth: { token }` (API clients) or the
 * session cookie (browsers). The session id names the socket's room, so that ending the
 * session closes it.
 */
export async function authenticateHandshake(
  handshake: Socket["handshake"],
  isActiveUser: ActiveUserCheck,
): Promise<{ userId: string; sessionId: string } | null> {
  const auth = handshake.auth as { token?: unknown } | undefined;
  let token = typeof auth?.token === "string" && auth.token ? auth.token : null;
  if (!token && isSameSite(handshake)) {
    const value = await sessionCookie.parse(handshake.headers.cookie ?? null);
    token = typeof value === "string" && value ? value : null;
  }
  if (!token) return null;
  const session = await findSession(token);
  if (!session) return null;
  return (await isActiveUser(session.userId)) ? { userId: session.userId, sessionId: session.id } : null;
}

/**
 * Authenticates every socket (others are refused with "unauthorized"), puts
 * each in its user's private room and its session's room, and shares rooms across instances through
 * Redis when a client is given.
 */
export function configureSockets(server: SocketServer, options: RealtimeOptions & { isActiveUser: ActiveUserCheck }): void {
  if (options.redis) {
    const pub = options.redis;
    const sub = pub.duplicate();
    sub.on("error", (error) => logger.warn({ err: error }, "redis subscriber error"));
    server.adapter(createAdapter(pub, sub, options.adapterKey ? { key: options.adapterKey } : {}));
    // io.close() closes the HTTP server: the subscriber goes with it.
    server.httpServer?.once("close", () => void sub.quit().catch(() => sub.disconnect()));
  }

  server.use((socket, next) => {
    authenticateHandshake(socket.handshake, options.isActiveUser).then(
      (found) => {
        if (!found) return next(new Error("unauthorized"));
        socket.data.userId = found.userId;
        socket.data.sessionId = found.sessionId;
        next();
      },
      (error: unknown) => {
        logger.warn({ err: error }, "socket authentication failed");
        next(new Error("unauthorized"));
      },
    );
  });

  server.on("connection", (socket) => {
    const sessionId = socket.data.sessionId as string;
    void (async () => {
      await socket.join([userRoom(socket.data.userId as string), sessionRoom(sessionId)]);
      // A sign-out between the handshake and the join missed this socket: check once more.
      if (!(await isSessionLive(sessionId))) socket.disconnect(true);
    })().catch((error: unknown) => {
      logger.warn({ err: error }, "socket session check failed");
      socket.disconnect(true);
    });
  });

  if (options.register !== false) setRealtimeServer(server);
}
