import { beforeEach, describe, expect, it } from "vitest";
import { inviteUser } from "~/features/auth/auth.server";
import { deleteManagedUser, insertUser, listUsers, updateManagedUser } from "~/features/users/users.server";
import { AppError } from "~/lib/app-error";
import { env } from "~/lib/env.server";
import { getFixedT } from "~/lib/i18n/i18n.server";
import { newId } from "~/lib/ids.server";
import { resetLimitersForTests } from "~/lib/rate-limit.server";
import { createSession, findSession } from "~/lib/session.server";
import * as usersItemRoute from "~/routes/api+/admin.users.$id";
import * as usersRoute from "~/routes/api+/admin.users";
import * as clientsItemRoute from "~/routes/api+/clients.$id";
import * as clientsRoute from "~/routes/api+/clients";
import * as detailPage from "~/routes/dashboard+/clients.$id";
import * as newPage from "~/routes/dashboard+/clients.new";
import { call, callJson, type CallOptions } from "../support/api";
import { makeUser } from "../support/factories";
import { latestMailTo, tokenIn } from "../support/mail";
import { describeEachDialect } from "../setup/database";

type Handler = Parameters<typeof call>[0];

/** The refusal a call throws, as "status key" (or "ok"). */
async function outcome(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
    return "ok";
  } catch (error) {
    if (error instanceof AppError) return `${error.status} ${error.key}`;
    throw error;
  }
}

async function text(language: "en" | "fr" | "ar", key: string): Promise<string> {
  return String((await getFixedT(language))(key));
}

/** The call answers `key` with `status` in French and in Arabic (Accept-Language), not in English. */
async function expectTranslated(handler: Handler, options: () => CallOptions | Promise<CallOptions>, status: number, key: string): Promise<void> {
  for (const language of ["fr", "ar"] as const) {
    const base = await options();
    const { status: got, body } = await callJson<{ message?: string }>(handler, { ...base, headers: { ...base.headers, "accept-language": language } });
    expect([got, body.message], `${language} ${key}`).toEqual([status, await text(language, key)]);
    expect(body.message).not.toBe(await text("en", key));
  }
}

const newEmail = (prefix = "invited") => `${prefix}-${newId().slice(0, 8)}@example.com`;

describeEachDialect("user management", (db) => {
  beforeEach(() => resetLimitersForTests());
  const person = (role: string, fullName?: string) => makeUser(db(), { role, fullName, features: [] });

  describe("the one insert", () => {
    it("stores the address in lower case and refuses a taken one with 409, whatever its case", async () => {
      const email = newEmail("Mixed").replace("mixed", "MiXeD");
      const id = await insertUser({ email, passwordHash: "x", fullName: "Case Person" });
      const row = await db().selectFrom("users").select(["email", "role", "enabledFeatures", "locale"]).where("id", "=", id).executeTakeFirstOrThrow();
      expect(row).toEqual({ email: email.toLowerCase(), role: "client", enabledFeatures: ["service_orders", "appointments", "reports"], locale: "en" });
      expect(await outcome(insertUser({ email: email.toUpperCase(), passwordHash: "x", fullName: "Again" }))).toBe("409 users:errors.emailTaken");
    });

    it("lets any other database error through instead of calling it a taken address", async () => {
      // A NOT NULL violation is no unique violation: it must not read as "email taken".
      const broken = insertUser({ email: newEmail(), passwordHash: null as unknown as string, fullName: "No Hash" });
      await expect(broken).rejects.not.toBeInstanceOf(AppError);
      await expect(broken).rejects.toBeTruthy();
    });
  });

  describe("rules", () => {
    it("lets only the owner make or remove admins; the last owner cannot be demoted, disabled or deleted", async () => {
      const owner = await person("owner");
      const admin = await person("admin");
      const client = await person("client");

      expect(await outcome(updateManagedUser(admin, "users", client.id, { role: "admin" }))).toBe("403 users:errors.ownerOnly");
      expect(await outcome(updateManagedUser(admin, "users", admin.id, { role: "client" }))).toBe("403 users:errors.ownerOnly");
      const otherAdmin = await person("admin");
      expect(await outcome(updateManagedUser(admin, "users", otherAdmin.id, { disabled: true }))).toBe("403 users:errors.ownerOnly");
      expect(await outcome(deleteManagedUser(admin, "users", otherAdmin.id))).toBe("403 users:errors.ownerOnly");
      expect(await outcome(updateManagedUser(admin, "users", owner.id, { fullName: "Renamed" }))).toBe("403 users:errors.ownerProtected");
      // The only owner of this database (tests/integration/clients-admin.test.ts has the rule with two owners).
      expect(await outcome(updateManagedUser(owner, "users", owner.id, { role: "client" }))).toBe("403 users:errors.lastOwner");
      expect(await outcome(updateManagedUser(owner, "users", owner.id, { disabled: true }))).toBe("403 users:errors.lastOwner");
      expect(await outcome(deleteManagedUser(owner, "users", owner.id))).toBe("403 users:errors.lastOwner");
      expect(await outcome(deleteManagedUser(admin, "users", admin.id))).toBe("403 users:errors.self");
      expect(await outcome(updateManagedUser(owner, "users", newId(), { fullName: "Nobody" }))).toBe("404 users:errors.notFound");

      expect((await updateManagedUser(owner, "users", client.id, { role: "admin" })).role).toBe("admin");
      expect((await updateManagedUser(owner, "users", client.id, { role: "client" })).role).toBe("client");
      expect((await updateManagedUser(owner, "users", owner.id, { fullName: "The Owner" })).fullName).toBe("The Owner");
      const roleChanges = await db()
        .selectFrom("auditLog")
        .select(["actorId", "meta"])
        .where("action", "=", "user.role_changed")
        .where("targetId", "=", client.id)
        .execute();
      // Both changes, whatever order the rows come back in (the two may share a millisecond; the ids are random).
      expect(roleChanges.map((entry) => entry.meta)).toHaveLength(2);
      expect(roleChanges.map((entry) => entry.meta)).toEqual(
        expect.arrayContaining([
          { from: "client", to: "admin" },
          { from: "admin", to: "client" },
        ]),
      );
    });

    it("lets admins grant features (audited) and disable clients, which signs them out", async () => {
      const admin = await person("admin");
      const client = await person("client");
      const session = await createSession(client.id, { remember: true, kind: "cookie" });
      // A client is given client-area features only.
      const updated = await updateManagedUser(admin, "users", client.id, { enabledFeatures: ["inbox", "reports", "appointments", "not-a-feature"] });
      expect(updated.enabledFeatures).toEqual(["appointments", "reports"]);
      const featureLog = await db()
        .selectFrom("auditLog")
        .select("meta")
        .where("action", "=", "user.features_changed")
        .where("targetId", "=", client.id)
        .executeTakeFirstOrThrow();
      expect(featureLog.meta).toEqual({ from: [], to: ["appointments", "reports"] });

      expect((await updateManagedUser(admin, "users", client.id, { disabled: true })).disabled).toBe(true);
      expect(await findSession(session.token)).toBeNull();
      expect(await findSession(client.token)).toBeNull();
      expect((await updateManagedUser(admin, "users", client.id, { disabled: false })).disabled).toBe(false);
      await deleteManagedUser(admin, "users", client.id);
      expect(await db().selectFrom("users").select("id").where("id", "=", client.id).executeTakeFirst()).toBeUndefined();
    });

    it("creates accounts with an invitation link; only the owner creates admins", async () => {
      const owner = await person("owner");
      const admin = await person("admin");
      const email = newEmail();
      expect(await outcome(inviteUser(admin, "users", { fullName: "New Admin", email, role: "admin", locale: "en" }))).toBe("403 users:errors.ownerOnly");
      const created = await inviteUser(admin, "users", { fullName: "Invited Client", email, role: "client", locale: "fr" });
      expect(created).toMatchObject({ email, role: "client", locale: "fr", enabledFeatures: ["service_orders", "appointments", "reports"] });
      const mail = latestMailTo(env().dataDir, email)!;
      expect(mail.subject).toBe("Votre compte client est prêt");
      expect(tokenIn(mail, "/reset-password")).toBeTruthy();
      expect(await outcome(inviteUser(owner, "users", { fullName: "Again", email, role: "client", locale: "en" }))).toBe("409 users:errors.emailTaken");
      expect((await inviteUser(owner, "users", { fullName: "Second Admin", email: `adm-${email}`, role: "admin", locale: "en" })).role).toBe("admin");
    });

    it("lists a page at a time and searches names and e-mail addresses", async () => {
      const marker = newId().slice(0, 6);
      for (let i = 0; i < 5; i++) await person("client", `Zed ${marker} ${i}`);
      const first = await listUsers("users", { q: marker.toUpperCase(), page: 1, perPage: 2 });
      expect(first).toMatchObject({ total: 5, page: 1, perPage: 2, pageCount: 3, totalCapped: false });
      expect(first.items).toHaveLength(2);
      const third = await listUsers("users", { q: marker, page: 3, perPage: 2 });
      expect(third.items).toHaveLength(1);
      const ids = new Set([...first.items, ...(await listUsers("users", { q: marker, page: 2, perPage: 2 })).items, ...third.items].map((user) => user.id));
      expect(ids.size).toBe(5);
      expect((await listUsers("users", { q: "%", page: 1, perPage: 5 })).items.every((user) => user.email.includes("%") || user.fullName.includes("%"))).toBe(
        true,
      );
      const admin = await person("admin", `Zed ${marker} admin`);
      const staff = await person("staff", `Zed ${marker} staff`);
      const clientsOnly = await listUsers("clients", { q: marker, page: 1, perPage: 20 });
      expect(clientsOnly.items.map((user) => user.id)).not.toContain(admin.id);
      expect(clientsOnly.items.map((user) => user.id)).not.toContain(staff.id);
      expect(clientsOnly.total).toBe(5);
    });
  });

  describe("pages", () => {
    it("shows a rule's refusal above the form and a missing account as the 404 page", async () => {
      const admin = await person("admin");
      const otherAdmin = await person("admin");
      const form = (fields: Record<string, string>) => new URLSearchParams(fields);
      const refused = await callJson<{ result: { error: Record<string, string[]> } }>(detailPage.action, {
        path: `/dashboard/clients/${otherAdmin.id}`,
        method: "POST",
        as: admin,
        params: { id: otherAdmin.id },
        body: form({ intent: "disable" }),
      });
      expect(refused.status).toBe(403);
      expect(refused.body.result.error[""]).toEqual(["users:errors.ownerOnly"]);
      const missing = await call(detailPage.loader, { path: `/dashboard/clients/${newId()}`, as: admin, params: { id: newId() } });
      expect(missing.status).toBe(404);

      const taken = await callJson<{ result: { error: Record<string, string[]> } }>(newPage.action, {
        path: "/dashboard/clients/new",
        method: "POST",
        as: admin,
        body: form({ fullName: "Taken", email: otherAdmin.email, role: "client", locale: "en" }),
      });
      expect(taken.status).toBe(409);
      expect(taken.body.result.error.email).toEqual(["users:errors.emailTaken"]);
    });
  });

  describe("API", () => {
    it("serves admin/users and clients to the owner and admins only, with the same rules", async () => {
      const owner = await person("owner");
      const admin = await person("admin");
      const client = await person("client");
      const as = (user: { token: string }, path: string, rest: Partial<CallOptions> = {}) => ({ path, as: user, ...rest });

      expect((await call(usersRoute.loader, as(client, "/api/admin/users"))).status).toBe(403);
      expect((await call(clientsRoute.loader, as(client, "/api/clients"))).status).toBe(403);
      expect((await call(usersRoute.loader, { path: "/api/admin/users" })).status).toBe(401);

      const list = await callJson(usersRoute.loader, as(admin, `/api/admin/users?q=${encodeURIComponent(client.email)}`));
      expect(list.status).toBe(200);
      expect(list.body).toMatchObject({ page: 1, perPage: 20, total: 1, pageCount: 1, totalCapped: false });
      expect((list.body.users as unknown[])[0]).toMatchObject({ id: client.id, email: client.email, role: "client", disabled: false });
      // The API's published `limit` names the page size too.
      expect((await callJson(usersRoute.loader, as(admin, "/api/admin/users?limit=1"))).body).toMatchObject({ perPage: 1 });

      const read = await callJson<{ client: { id: string } }>(clientsItemRoute.loader, as(admin, `/api/clients/${client.id}`, { params: { id: client.id } }));
      expect(read.body.client.id).toBe(client.id);
      // An admin is not a client: the clients group does not see it.
      expect((await call(clientsItemRoute.loader, as(owner, `/api/clients/${admin.id}`, { params: { id: admin.id } }))).status).toBe(404);
      expect((await call(usersItemRoute.loader, as(owner, `/api/admin/users/${newId()}`, { params: { id: "nope" } }))).status).toBe(404);

      const promote = await callJson(
        usersItemRoute.action,
        as(admin, `/api/admin/users/${client.id}`, { method: "PATCH", body: { role: "admin" }, params: { id: client.id } }),
      );
      expect(promote.status).toBe(403);
      expect(promote.body).toEqual({ message: "Only the owner can manage administrators" });
      const promoted = await callJson<{ user: { role: string } }>(
        usersItemRoute.action,
        as(owner, `/api/admin/users/${client.id}`, { method: "PATCH", body: { role: "admin" }, params: { id: client.id } }),
      );
      expect(promoted.body.user.role).toBe("admin");
      expect(
        (await call(usersItemRoute.action, as(admin, `/api/admin/users/${owner.id}`, { method: "PATCH", body: { role: "client" }, params: { id: owner.id } })))
          .status,
      ).toBe(403);
      expect(
        (await call(usersItemRoute.action, as(owner, `/api/admin/users/${client.id}`, { method: "PATCH", body: { role: "owner" }, params: { id: client.id } })))
          .status,
      ).toBe(400);

      const created = await callJson<{ client: { id: string; role: string } }>(
        clientsRoute.action,
        as(admin, "/api/clients", { method: "POST", body: { fullName: "Api Made", email: newEmail("made"), role: "admin" } }),
      );
      expect(created.status).toBe(201);
      expect(created.body.client.role).toBe("client"); // the clients group only makes clients
      const made = created.body.client;
      const removed = await callJson(clientsItemRoute.action, as(admin, `/api/clients/${made.id}`, { method: "DELETE", params: { id: made.id } }));
      // Nothing of a new client must be kept: all of it goes, and the answer says so.
      expect(removed.body).toMatchObject({ message: "User deleted", anonymised: false, kept: { orders: [], reports: 0, documents: 0 } });
      expect((await call(clientsItemRoute.loader, as(admin, `/api/clients/${made.id}`, { params: { id: made.id } }))).status).toBe(404);
      expect((await call(clientsRoute.action, as(admin, "/api/clients", { method: "PUT", body: {} }))).status).toBe(405);
    });

    it("answers each users route in French and Arabic", async () => {
      const owner = await person("owner");
      const admin = await person("admin");
      const client = await person("client");
      await expectTranslated(usersRoute.loader, () => ({ path: "/api/admin/users", as: client }), 403, "common:api.forbidden");
      await expectTranslated(
        usersRoute.action,
        () => ({ path: "/api/admin/users", method: "POST", as: owner, body: { fullName: "Dup", email: admin.email } }),
        409,
        "users:errors.emailTaken",
      );
      await expectTranslated(
        usersItemRoute.action,
        () => ({ path: `/api/admin/users/${client.id}`, method: "PATCH", as: admin, body: { role: "admin" }, params: { id: client.id } }),
        403,
        "users:errors.ownerOnly",
      );
      await expectTranslated(
        usersItemRoute.loader,
        () => ({ path: `/api/admin/users/${newId()}`, as: admin, params: { id: newId() } }),
        404,
        "users:errors.notFound",
      );
      await expectTranslated(clientsRoute.loader, () => ({ path: "/api/clients" }), 401, "common:api.authRequired");
      await expectTranslated(
        clientsItemRoute.action,
        async () => {
          const doomed = await person("client");
          return { path: `/api/clients/${doomed.id}`, method: "DELETE", as: admin, params: { id: doomed.id } };
        },
        200,
        "users:api.deleted",
      );
      await expectTranslated(
        clientsItemRoute.loader,
        () => ({ path: `/api/clients/${admin.id}`, as: owner, params: { id: admin.id } }),
        404,
        "users:errors.notFound",
      );
    });
  });
});
