import { Redis } from "ioredis";
import { randomBytes } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { Server as SocketServer } from "socket.io";
import { io as connect, type Socket as ClientSocket } from "socket.io-client";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { notify, NOTIFICATION_EVENT, type NotificationEventPayload } from "~/features/notifications/notifications.server";
import { toJson, type DB } from "~/lib/db/connection.server";
import { newId } from "~/lib/ids.server";
import { configureRealtime } from "~/core/identity/sockets.server";
import { setRealtimeServer } from "~/lib/realtime.server";
import { createSession, deleteSession, sessionCookie } from "~/lib/session.server";
import { describeEachDialect } from "../setup/database";

type Instance = { io: SocketServer; url: string; close(): Promise<void> };

async function startInstance(options: Parameters<typeof configureRealtime>[1] = {}): Promise<Instance> {
  const httpServer = http.createServer();
  const io = new SocketServer(httpServer, { path: "/socket.io", serveClient: false, cors: { origin: false } });
  configureRealtime(io, options);
  await new Promise<void>((resolve) => httpServer.listen(0, "127.0.0.1", resolve));
  const { port } = httpServer.address() as AddressInfo;
  return {
    io,
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => io.close(() => resolve())),
  };
}

const clients: ClientSocket[] = [];

/** The browser's socket settings (websocket then polling, 10 s time-out), with the given credentials. */
function client(url: string, options: { token?: string; cookie?: string; origin?: string } = {}): ClientSocket {
  const socket = connect(url, {
    path: "/socket.io",
    transports: ["websocket", "polling"],
    reconnection: false,
    timeout: 10_000,
    auth: options.token ? { token: options.token } : {},
    extraHeaders: options.cookie ? { cookie: options.cookie, ...(options.origin ? { origin: options.origin } : {}) } : undefined,
  });
  clients.push(socket);
  return socket;
}

/** Resolves "connected", or the server's refusal message. */
function outcome(socket: ClientSocket): Promise<string> {
  return new Promise((resolve) => {
    socket.once("connect", () => resolve("connected"));
    socket.once("connect_error", (error) => resolve(error.message));
  });
}

function nextNotification(socket: ClientSocket): Promise<NotificationEventPayload> {
  return new Promise((resolve) => socket.once(NOTIFICATION_EVENT, resolve));
}

async function makeUser(db: () => DB) {
  const id = newId();
  await db()
    .insertInto("users")
    .values({ id, email: `${id}@example.com`, passwordHash: "x", fullName: "Socket User", enabledFeatures: toJson([]) })
    .execute();
  const { token } = await createSession(id, { remember: false, kind: "cookie" });
  return { id, token };
}

const content = { type: "test", titleKey: "notifications:title" };

afterEach(() => {
  while (clients.length) clients.pop()!.disconnect();
});

describeEachDialect("notifications realtime", (db) => {
  let server: Instance;

  beforeAll(async () => {
    server = await startInstance();
  });
  afterAll(async () => {
    setRealtimeServer(undefined);
    await server.close();
  });

  it("refuses a socket without a valid session", async () => {
    expect(await outcome(client(server.url))).toBe("unauthorized");
    expect(await outcome(client(server.url, { token: "forged" }))).toBe("unauthorized");
    expect(await outcome(client(server.url, { cookie: "firm_auth_token=unsigned-value" }))).toBe("unauthorized");
    const user = await makeUser(db);
    await deleteSession(user.token);
    expect(await outcome(client(server.url, { token: user.token }))).toBe("unauthorized");
    const disabled = await makeUser(db);
    await db().updateTable("users").set({ disabledAt: new Date().toISOString() }).where("id", "=", disabled.id).execute();
    expect(await outcome(client(server.url, { token: disabled.token }))).toBe("unauthorized");
  });

  it("accepts auth.token and pushes the user's own notifications only", async () => {
    const alice = await makeUser(db);
    const bob = await makeUser(db);
    const socket = client(server.url, { token: alice.token });
    expect(await outcome(socket)).toBe("connected");
    const received = nextNotification(socket);
    await notify({ ...content, userId: bob.id });
    const id = await notify({ ...content, userId: alice.id, params: { n: 1 }, link: "/client" });
    // Bob's notification went out first; Alice's socket sees hers as its first event.
    expect(await received).toMatchObject({ _id: id, id, read: false, titleKey: "notifications:title", params: { n: 1 }, link: "/client" });
  });

  it("accepts the signed session cookie (browsers)", async () => {
    const carol = await makeUser(db);
    const cookie = (await sessionCookie.serialize(carol.token)).split(";")[0]!;
    const socket = client(server.url, { cookie: `lng=fr; ${cookie}` });
    expect(await outcome(socket)).toBe("connected");
    const received = nextNotification(socket);
    const id = await notify({ ...content, userId: carol.id });
    expect((await received).id).toBe(id);
    // The same cookie sent from another site's page is refused.
    expect(await outcome(client(server.url, { cookie, origin: "https://evil.example" }))).toBe("unauthorized");
  });
});

const redisUrl = process.env.TEST_REDIS_URL;

describe.skipIf(!redisUrl)("notifications across two instances on one Redis", () => {
  describeEachDialect("redis adapter", (db) => {
    const key = `test-${randomBytes(6).toString("hex")}`;
    const connections: Redis[] = [];
    let first: Instance;
    let second: Instance;

    beforeAll(async () => {
      const redis = () => {
        const connection = new Redis(redisUrl!, { maxRetriesPerRequest: 2 });
        connections.push(connection);
        return connection;
      };
      // notify() emits through the first instance; the browser is connected to the second.
      first = await startInstance({ redis: redis(), adapterKey: key, register: true });
      second = await startInstance({ redis: redis(), adapterKey: key, register: false });
    });
    afterAll(async () => {
      setRealtimeServer(undefined);
      await first.close();
      await second.close();
      await Promise.all(connections.map((connection) => connection.quit()));
    });

    it("a notification made through one instance reaches a socket connected to the other", async () => {
      const dana = await makeUser(db);
      const socket = client(second.url, { token: dana.token });
      expect(await outcome(socket)).toBe("connected");
      // Wait until both instances listen on the shared channel.
      await expect.poll(() => first.io.of("/").adapter.serverCount(), { timeout: 10_000 }).toBe(2);
      const received = nextNotification(socket);
      const id = await notify({ ...content, userId: dana.id });
      expect((await received).id).toBe(id);
    });
  });
});
