import { beforeEach, describe, expect, it } from "vitest";
import { hashPassword } from "~/features/auth/password.server";
import { createManagedUser, deleteManagedUser, listUsers, updateManagedUser, UserRuleError } from "~/features/users/users.server";
import { toJson, type DB } from "~/lib/db/connection.server";
import { env } from "~/lib/env.server";
import { newId } from "~/lib/ids.server";
import { resetLimitersForTests } from "~/lib/rate-limit.server";
import { createSession, findSession } from "~/lib/session.server";
import * as usersItemRoute from "~/routes/api+/admin.users.$id";
import * as usersRoute from "~/routes/api+/admin.users";
import * as clientsItemRoute from "~/routes/api+/clients.$id";
import * as clientsRoute from "~/routes/api+/clients";
import { latestMailTo, tokenIn } from "../support/mail";
import { describeEachDialect } from "../setup/database";

const BASE = "http://localhost:3000";

async function makeUser(db: () => DB, role: string, name = `Person ${role}`) {
  const id = newId();
  const email = `${role}-${id.slice(0, 8)}@example.com`;
  await db()
    .insertInto("users")
    .values({ id, email, passwordHash: await hashPassword("Some-long-password-1"), role, fullName: name, enabledFeatures: toJson([]) })
    .execute();
  return { id, email, role };
}

async function refusal(promise: Promise<unknown>): Promise<string | null> {
  try {
    await promise;
    return null;
  } catch (error) {
    if (error instanceof UserRuleError) return error.code;
    throw error;
  }
}

function api(path: string, token: string, init: { method?: string; body?: unknown } = {}) {
  return new Request(`${BASE}${path}`, {
    method: init.method ?? "GET",
    headers: { authorization: `Bearer ${token}`, "x-client-ip": "203.0.113.9", ...(init.body ? { "content-type": "application/json" } : {}) },
    body: init.body ? JSON.stringify(init.body) : undefined,
  });
}

async function call(handler: (a: never) => Promise<Response> | Response, request: Request, params: Record<string, string> = {}): Promise<Response> {
  try {
    return await handler({ request, params, context: {} } as never);
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}

describeEachDialect("user management", (db) => {
  beforeEach(() => resetLimitersForTests());

  describe("rules", () => {
    it("lets only the owner make or remove admins; the owner cannot be demoted, disabled or deleted", async () => {
      const owner = await makeUser(db, "owner");
      const admin = await makeUser(db, "admin");
      const client = await makeUser(db, "client");

      expect(await refusal(updateManagedUser(admin, "users", client.id, { role: "admin" }))).toBe("owner_only");
      expect(await refusal(updateManagedUser(admin, "users", admin.id, { role: "client" }))).toBe("owner_only");
      const otherAdmin = await makeUser(db, "admin");
      expect(await refusal(updateManagedUser(admin, "users", otherAdmin.id, { disabled: true }))).toBe("owner_only");
      expect(await refusal(deleteManagedUser(admin, "users", otherAdmin.id))).toBe("owner_only");
      expect(await refusal(updateManagedUser(admin, "users", owner.id, { fullName: "Renamed" }))).toBe("owner_protected");
      expect(await refusal(updateManagedUser(owner, "users", owner.id, { role: "client" }))).toBe("owner_protected");
      expect(await refusal(updateManagedUser(owner, "users", owner.id, { disabled: true }))).toBe("owner_protected");
      expect(await refusal(deleteManagedUser(owner, "users", owner.id))).toBe("owner_protected");
      expect(await refusal(deleteManagedUser(admin, "users", admin.id))).toBe("self");

      expect((await updateManagedUser(owner, "users", client.id, { role: "admin" })).role).toBe("admin");
      expect((await updateManagedUser(owner, "users", client.id, { role: "client" })).role).toBe("client");
      expect((await updateManagedUser(owner, "users", owner.id, { fullName: "The Owner" })).fullName).toBe("The Owner");
      const roleChanges = await db().selectFrom("auditLog").select(["actorId", "meta"]).where("action", "=", "user.role_changed").where("targetId", "=", client.id).execute();
      expect(roleChanges.map((entry) => entry.meta)).toEqual([
        { from: "client", to: "admin" },
        { from: "admin", to: "client" },
      ]);
    });

    it("lets admins grant features (audited) and disable clients, which signs them out", async () => {
      const admin = await makeUser(db, "admin");
      const client = await makeUser(db, "client");
      const session = await createSession(client.id, { remember: true, kind: "cookie" });
      const updated = await updateManagedUser(admin, "users", client.id, { enabledFeatures: ["inbox", "reports", "not-a-feature"] });
      expect(updated.enabledFeatures).toEqual(["reports", "inbox"]);
      const featureLog = await db().selectFrom("auditLog").select("meta").where("action", "=", "user.features_changed").where("targetId", "=", client.id).executeTakeFirstOrThrow();
      expect(featureLog.meta).toEqual({ from: [], to: ["reports", "inbox"] });

      expect((await updateManagedUser(admin, "users", client.id, { disabled: true })).disabled).toBe(true);
      expect(await findSession(session.token)).toBeNull();
      expect((await updateManagedUser(admin, "users", client.id, { disabled: false })).disabled).toBe(false);
      await deleteManagedUser(admin, "users", client.id);
      expect(await db().selectFrom("users").select("id").where("id", "=", client.id).executeTakeFirst()).toBeUndefined();
    });

    it("creates accounts with an invitation link; only the owner creates admins", async () => {
      const owner = await makeUser(db, "owner");
      const admin = await makeUser(db, "admin");
      const email = `invited-${newId().slice(0, 8)}@example.com`;
      expect(await refusal(createManagedUser(admin, "users", { fullName: "New Admin", email, role: "admin", locale: "en" }))).toBe("owner_only");
      const created = await createManagedUser(admin, "users", { fullName: "Invited Client", email, role: "client", locale: "fr" });
      expect(created).toMatchObject({ email, role: "client", locale: "fr", enabledFeatures: ["service_orders", "appointments", "reports"] });
      const mail = latestMailTo(env().dataDir, email)!;
      expect(mail.subject).toBe("Votre compte client est prêt");
      expect(tokenIn(mail, "/reset-password")).toBeTruthy();
      expect(await refusal(createManagedUser(owner, "users", { fullName: "Again", email, role: "client", locale: "en" }))).toBe("email_taken");
      expect((await createManagedUser(owner, "users", { fullName: "Second Admin", email: `adm-${email}`, role: "admin", locale: "en" })).role).toBe("admin");
    });

    it("lists a page at a time and searches names and e-mail addresses", async () => {
      const marker = newId().slice(0, 6);
      for (let i = 0; i < 5; i++) await makeUser(db, "client", `Zed ${marker} ${i}`);
      const first = await listUsers("users", { q: marker.toUpperCase(), page: 1, limit: 2 });
      expect(first.total).toBe(5);
      expect(first.users).toHaveLength(2);
      const third = await listUsers("users", { q: marker, page: 3, limit: 2 });
      expect(third.users).toHaveLength(1);
      const ids = new Set([...first.users, ...(await listUsers("users", { q: marker, page: 2, limit: 2 })).users, ...third.users].map((user) => user.id));
      expect(ids.size).toBe(5);
      expect((await listUsers("users", { q: "%", page: 1, limit: 5 })).users.every((user) => user.email.includes("%") || user.fullName.includes("%"))).toBe(true);
      const staff = await makeUser(db, "admin", `Zed ${marker} staff`);
      const clientsOnly = await listUsers("clients", { q: marker, page: 1, limit: 20 });
      expect(clientsOnly.users.map((user) => user.id)).not.toContain(staff.id);
      expect(clientsOnly.total).toBe(5);
    });
  });

  describe("API", () => {
    it("serves admin/users and clients to staff only, with the same rules", async () => {
      const owner = await makeUser(db, "owner");
      const admin = await makeUser(db, "admin");
      const client = await makeUser(db, "client");
      const ownerToken = (await createSession(owner.id, { remember: false, kind: "token" })).token;
      const adminToken = (await createSession(admin.id, { remember: false, kind: "token" })).token;
      const clientToken = (await createSession(client.id, { remember: false, kind: "token" })).token;

      expect((await call(usersRoute.loader, api("/api/admin/users", clientToken))).status).toBe(403);
      expect((await call(clientsRoute.loader, api("/api/clients", clientToken))).status).toBe(403);
      expect((await call(usersRoute.loader, new Request(`${BASE}/api/admin/users`))).status).toBe(401);

      const list = await call(usersRoute.loader, api(`/api/admin/users?q=${encodeURIComponent(client.email)}`, adminToken));
      expect(list.status).toBe(200);
      const body = await list.json();
      expect(body).toMatchObject({ page: 1, limit: 20, total: 1 });
      expect(body.users[0]).toMatchObject({ id: client.id, email: client.email, role: "client", disabled: false });

      const read = await call(clientsItemRoute.loader, api(`/api/clients/${client.id}`, adminToken), { id: client.id });
      expect((await read.json()).client.id).toBe(client.id);
      // An admin is not a client: the clients group does not see it.
      expect((await call(clientsItemRoute.loader, api(`/api/clients/${admin.id}`, ownerToken), { id: admin.id })).status).toBe(404);
      expect((await call(usersItemRoute.loader, api(`/api/admin/users/${newId()}`, ownerToken), { id: "nope" })).status).toBe(404);

      const promote = await call(usersItemRoute.action, api(`/api/admin/users/${client.id}`, adminToken, { method: "PATCH", body: { role: "admin" } }), { id: client.id });
      expect(promote.status).toBe(403);
      expect(await promote.json()).toEqual({ message: "Only the owner can manage administrators" });
      const promoted = await call(usersItemRoute.action, api(`/api/admin/users/${client.id}`, ownerToken, { method: "PATCH", body: { role: "admin" } }), { id: client.id });
      expect((await promoted.json()).user.role).toBe("admin");
      const demoteOwner = await call(usersItemRoute.action, api(`/api/admin/users/${owner.id}`, ownerToken, { method: "PATCH", body: { role: "client" } }), { id: owner.id });
      expect(demoteOwner.status).toBe(403);
      const badBody = await call(usersItemRoute.action, api(`/api/admin/users/${client.id}`, ownerToken, { method: "PATCH", body: { role: "owner" } }), { id: client.id });
      expect(badBody.status).toBe(400);

      const created = await call(clientsRoute.action, api("/api/clients", adminToken, { method: "POST", body: { fullName: "Api Made", email: `made-${newId().slice(0, 6)}@example.com`, role: "admin" } }));
      expect(created.status).toBe(201);
      const made = (await created.json()).client;
      expect(made.role).toBe("client"); // the clients group only makes clients
      const removed = await call(clientsItemRoute.action, api(`/api/clients/${made.id}`, adminToken, { method: "DELETE" }), { id: made.id });
      expect(removed.status).toBe(200);
      expect((await call(clientsItemRoute.loader, api(`/api/clients/${made.id}`, adminToken), { id: made.id })).status).toBe(404);
      expect((await call(clientsRoute.action, api("/api/clients", adminToken, { method: "PUT", body: {} }))).status).toBe(405);
    });
  });
});
