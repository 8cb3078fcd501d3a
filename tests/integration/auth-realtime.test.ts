import { Redis } from "ioredis";
import { randomBytes } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { Server as SocketServer } from "socket.io";
import { io as connect, type Socket as ClientSocket } from "socket.io-client";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { issueToken } from "~/core/identity/account-links.server";
import { changePassword, resetPassword, signOut } from "~/features/auth/auth.server";
import { hashPassword } from "~/core/identity/password.server";
import { notify, NOTIFICATION_EVENT } from "~/features/notifications/notifications.server";
import { deleteManagedUser, updateManagedUser } from "~/features/users/users.server";
import { configureRealtime } from "~/core/identity/sockets.server";
import { setRealtimeServer } from "~/lib/realtime.server";
import { resetLimitersForTests } from "~/lib/rate-limit.server";
import { createSession, deleteSession } from "~/lib/session.server";
import * as logoutRoute from "~/routes/api+/auth.logout";
import { call } from "../support/api";
import { makeUser } from "../support/factories";
import { describeEachDialect } from "../setup/database";

/**
 * Realtime connections end with the session they were opened with: sign-out closes that
 * session's sockets, a revoked session its own, a password change the other sessions', a
 * reset every session's but the kept one, deactivation and deletion all of them — on every
 * instance through the Redis adapter too.
 */
type Instance = { io: SocketServer; url: string; close(): Promise<void> };

async function startInstance(options: Parameters<typeof configureRealtime>[1] = {}): Promise<Instance> {
  const httpServer = http.createServer();
  const io = new SocketServer(httpServer, { path: "/socket.io", serveClient: false, cors: { origin: false } });
  configureRealtime(io, options);
  await new Promise<void>((resolve) => httpServer.listen(0, "127.0.0.1", resolve));
  const { port } = httpServer.address() as AddressInfo;
  return { io, url: `http://127.0.0.1:${port}`, close: () => new Promise<void>((resolve) => io.close(() => resolve())) };
}

const clients: ClientSocket[] = [];

/** A connected socket with a session's token, and a promise of the server closing it. */
async function connected(url: string, token: string): Promise<{ socket: ClientSocket; closedByServer: Promise<string> }> {
  const socket = connect(url, { path: "/socket.io", transports: ["websocket"], reconnection: false, timeout: 10_000, auth: { token } });
  clients.push(socket);
  const closedByServer = new Promise<string>((resolve) => socket.on("disconnect", (reason) => resolve(reason)));
  await new Promise<void>((resolve, reject) => {
    socket.once("connect", () => resolve());
    socket.once("connect_error", reject);
  });
  return { socket, closedByServer };
}

/** Whether a live socket still receives its user's notifications (a round trip through the server). */
async function stillReceives(socket: ClientSocket, userId: string): Promise<boolean> {
  const received = new Promise<boolean>((resolve) => socket.once(NOTIFICATION_EVENT, () => resolve(true)));
  await notify({ userId, type: "test", titleKey: "notifications:title" });
  return received;
}

const PASSWORD = "Correct-Horse-Battery-9";
let passwordHash = "";

beforeAll(async () => {
  passwordHash = await hashPassword(PASSWORD);
});

afterEach(() => {
  while (clients.length) clients.pop()!.disconnect();
});

describeEachDialect("realtime sockets end with their session", (db) => {
  let server: Instance;
  beforeAll(async () => {
    server = await startInstance();
  });
  afterAll(async () => {
    setRealtimeServer(undefined);
    await server.close();
  });
  beforeEach(() => resetLimitersForTests());

  it("sign-out closes the sockets of that session only, and they receive nothing after it", async () => {
    const user = await makeUser(db(), { passwordHash });
    const other = await createSession(user.id, { remember: false, kind: "cookie" });
    const signingOut = await connected(server.url, user.token);
    const staying = await connected(server.url, other.token);
    await signOut(user.token, { userId: user.id });
    expect(await signingOut.closedByServer).toBe("io server disconnect");
    let late = false;
    signingOut.socket.on(NOTIFICATION_EVENT, () => (late = true));
    expect(await stillReceives(staying.socket, user.id)).toBe(true);
    expect(late).toBe(false);
    expect(signingOut.socket.connected).toBe(false);
  });

  it("the API's sign-out closes the socket opened with the same token", async () => {
    const user = await makeUser(db(), { passwordHash });
    const { closedByServer } = await connected(server.url, user.token);
    expect((await call(logoutRoute.action, { path: "/api/auth/logout", method: "POST", as: user })).status).toBe(200);
    expect(await closedByServer).toBe("io server disconnect");
  });

  it("a revoked session's sockets close", async () => {
    const user = await makeUser(db(), { passwordHash });
    const { closedByServer } = await connected(server.url, user.token);
    await deleteSession(user.token);
    expect(await closedByServer).toBe("io server disconnect");
  });

  it("a password change closes the other sessions' sockets and keeps this one's", async () => {
    const user = await makeUser(db(), { passwordHash });
    const elsewhere = await createSession(user.id, { remember: false, kind: "token" });
    const mine = await connected(server.url, user.token);
    const theirs = await connected(server.url, elsewhere.token);
    await changePassword(user.id, { currentPassword: PASSWORD, password: "Another-long-passphrase" }, { keepSessionToken: user.token });
    expect(await theirs.closedByServer).toBe("io server disconnect");
    expect(await stillReceives(mine.socket, user.id)).toBe(true);
  });

  it("a password reset closes every socket but the kept session's", async () => {
    const user = await makeUser(db(), { passwordHash });
    const elsewhere = await createSession(user.id, { remember: false, kind: "token" });
    const theirs = await connected(server.url, elsewhere.token);
    const mine = await connected(server.url, user.token);
    await resetPassword(await issueToken(user.id, "reset_password"), "A-brand-new-passphrase", { keepSessionToken: user.token });
    expect(await theirs.closedByServer).toBe("io server disconnect");
    expect(await stillReceives(mine.socket, user.id)).toBe(true);
  });

  it("deactivation closes all of the user's sockets, and so does deletion", async () => {
    const admin = await makeUser(db(), { role: "admin" });
    const client = await makeUser(db());
    const second = await createSession(client.id, { remember: true, kind: "cookie" });
    const one = await connected(server.url, client.token);
    const two = await connected(server.url, second.token);
    await updateManagedUser(admin, "users", client.id, { disabled: true });
    expect(await Promise.all([one.closedByServer, two.closedByServer])).toEqual(["io server disconnect", "io server disconnect"]);

    const doomed = await makeUser(db());
    const three = await connected(server.url, doomed.token);
    await deleteManagedUser(admin, "users", doomed.id);
    expect(await three.closedByServer).toBe("io server disconnect");
  });
});

const redisUrl = process.env.TEST_REDIS_URL;

describe.skipIf(!redisUrl)("realtime sockets end with their session across instances", () => {
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
      // The sign-out runs through the first instance (the registered one); the socket is on the second.
      first = await startInstance({ redis: redis(), adapterKey: key, register: true });
      second = await startInstance({ redis: redis(), adapterKey: key, register: false });
    });
    afterAll(async () => {
      setRealtimeServer(undefined);
      await first.close();
      await second.close();
      await Promise.all(connections.map((connection) => connection.quit()));
    });

    it("sign-out on one instance closes the session's socket on the other, and a password change the other sessions'", async () => {
      const user = await makeUser(db(), { passwordHash });
      const kept = await createSession(user.id, { remember: false, kind: "cookie" });
      const elsewhere = await createSession(user.id, { remember: false, kind: "cookie" });
      const signingOut = await connected(second.url, user.token);
      const mine = await connected(second.url, kept.token);
      const theirs = await connected(second.url, elsewhere.token);
      await expect.poll(() => first.io.of("/").adapter.serverCount(), { timeout: 10_000 }).toBe(2);

      await signOut(user.token, { userId: user.id });
      expect(await signingOut.closedByServer).toBe("io server disconnect");
      await changePassword(user.id, { currentPassword: PASSWORD, password: "Another-long-passphrase" }, { keepSessionToken: kept.token });
      expect(await theirs.closedByServer).toBe("io server disconnect");
      expect(await stillReceives(mine.socket, user.id)).toBe(true);
    });
  });
});
