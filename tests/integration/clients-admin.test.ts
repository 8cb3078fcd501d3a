import http from "node:http";
import type { AddressInfo } from "node:net";
import { strFromU8, unzipSync } from "fflate";
import { Server as SocketServer } from "socket.io";
import { io as connect, type Socket as ClientSocket } from "socket.io-client";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createAppointment } from "~/features/appointments/appointments.server";
import { issueToken, linkProblem } from "~/core/identity/account-links.server";
import { resetPassword } from "~/features/auth/auth.server";
import { updateAvailabilitySettings } from "~/features/availability/availability.server";
import { findFreeSlots } from "~/features/appointments/free-slots.server";
import { seedPublicContent } from "~/features/content/seed.server";
import { notify } from "~/features/notifications/notifications.server";
import { createReport } from "~/features/reports/reports.server";
import { CreateListSchema } from "~/features/requests/requests.schema";
import { answerItem, attachFiles } from "~/features/requests/request-items.server";
import { createList, getListForClient } from "~/features/requests/requests.server";
import { changeOrderStatus, createOrder } from "~/features/service-orders/service-orders.server";
import { recordSignIn, updateManagedUser, updateOwnProfile } from "~/features/users/users.server";
import { AppError } from "~/lib/app-error";
import { env } from "~/lib/env.server";
import { newId } from "~/lib/ids.server";
import { resetLimitersForTests } from "~/lib/rate-limit.server";
import { configureRealtime } from "~/core/identity/sockets.server";
import { setRealtimeServer } from "~/lib/realtime.server";
import { createSession, findSession } from "~/lib/session.server";
import { findStoredFile, readStoredFile, type CheckedUpload } from "~/lib/storage.server";
import * as meRoute from "~/routes/api+/auth.me";
import * as usersItemRoute from "~/routes/api+/admin.users.$id";
import * as usersRoute from "~/routes/api+/admin.users";
import * as clientsItemRoute from "~/routes/api+/clients.$id";
import * as detailPage from "~/routes/dashboard+/clients.$id";
import * as newPage from "~/routes/dashboard+/clients.new";
import * as exportRoute from "~/routes/resources+/clients.$id.export";
import { call, callJson, type CallOptions } from "../support/api";
import { makeUser, type TestUser } from "../support/factories";
import { latestMailTo, readMails, tokenIn } from "../support/mail";
import { describeEachDialect } from "../setup/database";

/**
 * Client and staff management (docs/decisions/011): who may change whom (the last owner
 * stays), deactivation ending sessions, API tokens, sockets and e-mail links, invitations
 * in the client's language, the data export (a ZIP checked by unzipping it), and the
 * deletion that keeps tax-return records anonymised and deletes the rest.
 */
const form = (fields: Record<string, string | string[]>) => {
  const body = new URLSearchParams();
  for (const [name, value] of Object.entries(fields)) for (const one of [value].flat()) body.append(name, one);
  return body;
};

const page = (as: TestUser, id: string, fields: Record<string, string | string[]>): CallOptions => ({
  path: `/dashboard/clients/${id}`,
  method: "POST",
  as,
  params: { id },
  body: form(fields),
  headers: { "x-client-ip": "203.0.113.7" },
});

const textUpload = (name: string, text: string): CheckedUpload => ({ buffer: Buffer.from(text), originalName: name, type: { ext: "txt", mime: "text/plain" } });

async function refusalOf(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
    return "ok";
  } catch (error) {
    if (error instanceof AppError) return `${error.status} ${error.key}`;
    throw error;
  }
}

describeEachDialect("client and staff management", (db) => {
  beforeAll(async () => {
    await seedPublicContent(db());
  });
  beforeEach(() => resetLimitersForTests());

  const auditOf = (targetId: string, action: string) =>
    db().selectFrom("auditLog").select(["actorId", "ip", "outcome", "meta"]).where("targetId", "=", targetId).where("action", "=", action).execute();

  // First in the file: this database has no other owner yet.
  it("keeps the last owner: no demotion, deactivation or deletion removes them, on the API and the pages", async () => {
    const first = await makeUser(db(), { role: "owner" });
    const asApi = (user: TestUser, id: string, body: unknown, method = "PATCH"): CallOptions => ({
      path: `/api/admin/users/${id}`,
      method,
      as: user,
      params: { id },
      body,
    });

    expect((await callJson(usersItemRoute.action, asApi(first, first.id, { role: "admin" }))).body).toEqual({
      message: "The last owner cannot be removed, demoted or deactivated",
    });
    expect((await call(usersItemRoute.action, asApi(first, first.id, { disabled: true }))).status).toBe(403);
    expect((await call(usersItemRoute.action, asApi(first, first.id, undefined, "DELETE"))).status).toBe(403);
    const refused = await callJson<{ result: { error: Record<string, string[]> } }>(
      detailPage.action,
      page(first, first.id, { intent: "save", fullName: first.fullName, role: "client" }),
    );
    expect([refused.status, refused.body.result.error[""]]).toEqual([403, ["users:errors.lastOwner"]]);
    expect((await auditOf(first.id, "user.change_denied")).map((entry) => entry.outcome)).toEqual(["denied", "denied", "denied", "denied"]);

    // With a second owner, the first may step down; the second is then the last.
    const second = await makeUser(db(), { role: "owner" });
    expect((await callJson<{ user: { role: string } }>(usersItemRoute.action, asApi(first, first.id, { role: "admin" }))).body.user.role).toBe("admin");
    expect(await refusalOf(updateManagedUser(second, "users", second.id, { role: "client" }))).toBe("403 users:errors.lastOwner");
    expect(await refusalOf(updateManagedUser(second, "users", second.id, { disabled: true }))).toBe("403 users:errors.lastOwner");
    // The former owner, now an admin, can no longer touch the owner, nor make admins or staff.
    expect(await refusalOf(updateManagedUser({ ...first, role: "admin" }, "users", second.id, { disabled: true }))).toBe("403 users:errors.ownerProtected");
    for (const role of ["admin", "staff"]) {
      const made = await callJson(usersRoute.action, {
        path: "/api/admin/users",
        method: "POST",
        as: first,
        body: { fullName: `New ${role}`, email: `${role}-${newId().slice(0, 8)}@example.com`, role },
      });
      expect([made.status, made.body.message]).toEqual([403, "Only the owner can manage administrators"]);
    }
    const pageRefusal = await callJson<{ result: { error: Record<string, string[]> } }>(newPage.action, {
      path: "/dashboard/clients/new",
      method: "POST",
      as: first,
      body: form({ fullName: "Would-be admin", email: `w-${newId().slice(0, 8)}@example.com`, role: "admin", locale: "en" }),
    });
    expect([pageRefusal.status, pageRefusal.body.result.error[""]]).toEqual([403, ["users:errors.ownerOnly"]]);
    expect(
      (await db().selectFrom("auditLog").select("outcome").where("actorId", "=", first.id).where("action", "=", "user.create_denied").execute()).length,
    ).toBe(3);
    // The owner makes staff members and admins.
    const staff = await callJson<{ user: { role: string; id: string } }>(usersRoute.action, {
      path: "/api/admin/users",
      method: "POST",
      as: second,
      body: { fullName: "Translator", email: `t-${newId().slice(0, 8)}@example.com`, role: "staff", enabledFeatures: ["translations", "reports"] },
    });
    expect(staff.status).toBe(201);
    expect(staff.body.user).toMatchObject({ role: "staff", enabledFeatures: ["translations"] });
    // Only the owner changes a staff member's features or state.
    expect(await refusalOf(updateManagedUser({ ...first, role: "admin" }, "users", staff.body.user.id, { enabledFeatures: ["inbox"] }))).toBe(
      "403 users:errors.ownerOnly",
    );
    expect((await updateManagedUser(second, "users", staff.body.user.id, { enabledFeatures: ["inbox", "tasks"] })).enabledFeatures).toEqual(["inbox", "tasks"]);
  });

  it("edits a client's features (client-area features only) from the page, audited with who and where", async () => {
    const admin = await makeUser(db(), { role: "admin" });
    const client = await makeUser(db(), { role: "client", features: ["service_orders"] });
    const saved = await call(
      detailPage.action,
      page(admin, client.id, { intent: "save", fullName: client.fullName, enabledFeatures: ["appointments", "reports", "inbox"] }),
    );
    expect(saved.status).toBe(302);
    const [entry] = await auditOf(client.id, "user.features_changed");
    expect(entry).toMatchObject({
      actorId: admin.id,
      ip: "203.0.113.7",
      outcome: "success",
      meta: { from: ["service_orders"], to: ["appointments", "reports"] },
    });
    const loaded = await callJson<{ grantable: string[]; permissions: { features: boolean } }>(detailPage.loader, {
      path: `/dashboard/clients/${client.id}`,
      as: admin,
      params: { id: client.id },
    });
    expect(loaded.body.grantable).toEqual(["service_orders", "appointments", "reports"]);
    expect(loaded.body.permissions.features).toBe(true);
  });

  it("deactivation ends every session, API token, socket and e-mail link at once; reactivation brings none back", async () => {
    const admin = await makeUser(db(), { role: "admin" });
    const client = await makeUser(db(), { role: "client" });
    const cookieSession = await createSession(client.id, { remember: true, kind: "cookie" });
    const link = await issueToken(client.id, "reset_password");
    expect((await call(meRoute.loader, { path: "/api/auth/me", as: client })).status).toBe(200);

    const httpServer = http.createServer();
    const io = new SocketServer(httpServer, { path: "/socket.io", serveClient: false, cors: { origin: false } });
    configureRealtime(io);
    await new Promise<void>((resolve) => httpServer.listen(0, "127.0.0.1", resolve));
    const url = `http://127.0.0.1:${(httpServer.address() as AddressInfo).port}`;
    let socket: ClientSocket | undefined;
    try {
      socket = connect(url, { path: "/socket.io", transports: ["websocket"], reconnection: false, auth: { token: client.token } });
      const closed = new Promise<string>((resolve) => socket!.on("disconnect", (reason) => resolve(reason)));
      await new Promise<void>((resolve, reject) => {
        socket!.once("connect", () => resolve());
        socket!.once("connect_error", reject);
      });

      expect((await call(detailPage.action, page(admin, client.id, { intent: "disable" }))).status).toBe(302);
      expect(await closed).toBe("io server disconnect");
    } finally {
      socket?.close();
      setRealtimeServer(undefined);
      await new Promise<void>((resolve) => io.close(() => resolve()));
    }
    expect((await call(meRoute.loader, { path: "/api/auth/me", as: client })).status).toBe(401);
    expect(await findSession(cookieSession.token)).toBeNull();
    expect(await linkProblem(link, "reset_password")).toBe("auth:errors.tokenInvalid");
    expect((await auditOf(client.id, "user.disabled"))[0]).toMatchObject({ actorId: admin.id, ip: "203.0.113.7", meta: { sessions: 2, links: 1 } });

    expect((await call(detailPage.action, page(admin, client.id, { intent: "enable" }))).status).toBe(302);
    expect((await call(meRoute.loader, { path: "/api/auth/me", as: client })).status).toBe(401);
    expect((await auditOf(client.id, "user.enabled")).length).toBe(1);
  });

  it("invites a staff-made client in their language with a set-password link, and again while unused", async () => {
    const admin = await makeUser(db(), { role: "admin" });
    const email = `invited-${newId().slice(0, 8)}@example.com`;
    const created = await call(newPage.action, {
      path: "/dashboard/clients/new",
      method: "POST",
      as: admin,
      body: form({ fullName: "Salma Haddad", email, role: "client", locale: "ar" }),
    });
    expect(created.status).toBe(302);
    const id = created.headers.get("location")!.split("/").pop()!;
    const first = latestMailTo(env().dataDir, email)!;
    expect(first.subject).toMatch(/[\u0600-\u06FF]/); // Arabic
    const firstToken = tokenIn(first, "/reset-password");

    expect((await call(detailPage.action, page(admin, id, { intent: "invite" }))).status).toBe(302);
    const mails = readMails(env().dataDir).filter((mail) => mail.to.includes(email));
    expect(mails).toHaveLength(2);
    const secondToken = tokenIn(mails[1]!, "/reset-password");
    expect(await linkProblem(firstToken, "reset_password")).toBe("auth:errors.tokenInvalid");
    await resetPassword(secondToken, "A-new-passphrase-2026!");
    await recordSignIn(id);
    const again = await callJson<{ result: { error: Record<string, string[]> } }>(detailPage.action, page(admin, id, { intent: "invite" }));
    expect(again.status).toBe(409);
    expect((await auditOf(id, "user.invited")).length).toBe(1);
  });

  describe("a client's data", () => {
    let admin: TestUser;
    let client: TestUser;
    let other: TestUser;
    let keptOrder: { id: string; reference: string };
    let oldTaxOrder: { id: string; reference: string };
    let bookkeeping: { id: string; reference: string };
    let keptReport = "";
    let looseReport = "";
    let keptRequest = "";
    let looseRequest = "";

    beforeAll(async () => {
      admin = await makeUser(db(), { role: "admin" });
      client = await makeUser(db(), { role: "client", fullName: "Nadia Client" });
      await updateOwnProfile(client.id, { phone: "+1 313 555 0142", postalAddress: "4410 Michigan Avenue\nDearborn, MI 48126" });
      other = await makeUser(db(), { role: "client" });
      keptOrder = await createOrder(client, { service: "tax_efiling", details: "2025 federal return" }, [textUpload("w2.txt", "W-2 wages 52,000")], "en");
      oldTaxOrder = await createOrder(client, { service: "tax_efiling", details: "2019 return" }, [textUpload("w2-2019.txt", "old")], "en");
      await db()
        .updateTable("serviceOrders")
        .set({ updatedAt: "2021-01-15T10:00:00.000Z", createdAt: "2020-02-01T10:00:00.000Z" })
        .where("id", "=", oldTaxOrder.id)
        .execute();
      bookkeeping = await createOrder(client, { service: "bookkeeping", details: "Quarterly books" }, [textUpload("ledger.txt", "ledger")], "en");
      keptReport = (
        await createReport(admin, { clientId: client.id, orderId: keptOrder.id, title: "Return filed", body: "Filed." }, [
          textUpload("receipt.txt", "IRS receipt"),
        ])
      ).id;
      looseReport = (await createReport(admin, { clientId: client.id, title: "Newsletter", body: "Hello." }, [])).id;
      await updateAvailabilitySettings({
        timeZone: "America/Detroit",
        slotMinutes: 30,
        bufferMinutes: 0,
        minNoticeHours: 1,
        maxDaysAhead: 30,
        weeklyHours: Object.fromEntries(["1", "2", "3", "4", "5", "6", "7"].map((day) => [day, [{ start: "08:00", end: "20:00" }]])),
      });
      const from = new Date().toISOString().slice(0, 10);
      const to = new Date(Date.now() + 20 * 86_400_000).toISOString().slice(0, 10);
      const slot = (await findFreeSlots({ durationMinutes: 30, from, to })).slots.at(-1)!;
      const service = await db().selectFrom("services").select("id").where("key", "=", "notary").executeTakeFirstOrThrow();
      await createAppointment(client, { service: service.id, startsAt: slot.startsAt });
      await notify({ userId: client.id, type: "test", titleKey: "common:nav.overview", params: {} });
      // A request list on the kept return, answered, and one standing alone with a file of its own.
      const staff = { id: admin.id, role: "admin", enabledFeatures: [] };
      const asClient = { id: client.id, role: "client", enabledFeatures: [] };
      const question = { kind: "question", answerType: "short_text", label: "Employer's name" };
      keptRequest = (
        await createList(
          staff,
          CreateListSchema.parse({ clientId: client.id, serviceOrderId: keptOrder.id, title: "Return papers", dueDate: "2099-04-15", items: [question] }),
        )
      ).id;
      await answerItem(asClient, (await getListForClient(client.id, keptRequest)).items[0]!.id, "Acme Tools");
      looseRequest = (
        await createList(
          staff,
          CreateListSchema.parse({ clientId: client.id, title: "Passport copy", dueDate: "2099-04-15", items: [{ kind: "document", label: "Passport" }] }),
        )
      ).id;
      await attachFiles(asClient, (await getListForClient(client.id, looseRequest)).items[0]!.id, [textUpload("passport.txt", "P<USA")]);
    });

    it("reaches staff only: a client exports nobody's data and reads no other client's", async () => {
      const asClient = await call(exportRoute.loader, { path: `/resources/clients/${other.id}/export`, as: client, params: { id: other.id } });
      expect([asClient.status, asClient.headers.get("location")]).toEqual([302, "/client"]);
      expect((await call(clientsItemRoute.loader, { path: `/api/clients/${other.id}`, as: client, params: { id: other.id } })).status).toBe(403);
      const staffOnly = await call(exportRoute.loader, { path: `/resources/clients/${admin.id}/export`, as: admin, params: { id: admin.id } });
      expect(staffOnly.status).toBe(404); // an admin is not a client
    });

    it("exports one client as a ZIP: their data as JSON and their files, decrypted (audited)", async () => {
      const response = await call(exportRoute.loader, {
        path: `/resources/clients/${client.id}/export`,
        as: admin,
        params: { id: client.id },
        headers: { "x-client-ip": "198.51.100.4" },
      });
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toBe("application/zip");
      expect(response.headers.get("content-disposition")).toMatch(/^attachment; filename="client-[0-9a-z-]+\.zip"$/);
      const files = unzipSync(new Uint8Array(await response.arrayBuffer()));
      const data = JSON.parse(strFromU8(files["client.json"]!)) as {
        client: { id: string; email: string; fullName: string };
        serviceOrders: Array<{ reference: string; service: string; status: string; history: unknown[]; documents: Array<{ name: string; path: string }> }>;
        appointments: Array<{ service: string; status: string }>;
        reports: Array<{ title: string; files: Array<{ path: string }> }>;
        requests: Array<{
          title: string;
          serviceOrderId: string | null;
          items: Array<{ label: string; state: string; answer: string | null }>;
          documents: Array<{ path: string }>;
        }>;
      };
      expect(data.client).toMatchObject({
        id: client.id,
        email: client.email,
        fullName: "Nadia Client",
        phone: "+1 313 555 0142",
        postalAddress: "4410 Michigan Avenue\nDearborn, MI 48126",
      });
      // Oldest first (the 2019 return was made in 2020).
      expect(data.serviceOrders.map((order) => [order.reference, order.service])).toEqual([
        [oldTaxOrder.reference, "tax_efiling"],
        [keptOrder.reference, "tax_efiling"],
        [bookkeeping.reference, "bookkeeping"],
      ]);
      expect(data.serviceOrders[1]!.history).toHaveLength(2); // made, then the request sent on it
      expect(data.appointments).toEqual([expect.objectContaining({ service: "notary", status: "requested" })]);
      expect(data.reports.map((report) => report.title)).toEqual(["Return filed", "Newsletter"]);
      const w2 = data.serviceOrders[1]!.documents[0]!;
      expect(w2.name).toBe("w2.txt");
      expect(strFromU8(files[w2.path]!)).toBe("W-2 wages 52,000");
      expect(strFromU8(files[data.reports[0]!.files[0]!.path]!)).toBe("IRS receipt");
      expect(data.requests.map((list) => [list.title, list.serviceOrderId])).toEqual([
        ["Return papers", keptOrder.id],
        ["Passport copy", null],
      ]);
      expect(data.requests[0]!.items).toEqual([expect.objectContaining({ label: "Employer's name", state: "answered", answer: "Acme Tools" })]);
      expect(strFromU8(files[data.requests[1]!.documents[0]!.path]!)).toBe("P<USA");
      expect(Object.keys(files).filter((name) => name.startsWith("files/"))).toHaveLength(5);
      // Nothing of the other client is in it.
      expect(JSON.stringify(data)).not.toContain(other.email);
      expect((await auditOf(client.id, "client.exported"))[0]).toMatchObject({ actorId: admin.id, ip: "198.51.100.4", outcome: "success", meta: { files: 5 } });
    });

    it("deletes after saying what is kept: tax-return records stay anonymised, the rest goes", async () => {
      const before = await callJson<{
        plan: { kept: { orders: Array<{ reference: string }>; reports: number; documents: number }; deleted: Record<string, number> };
        contact: { phone: string | null; postalAddress: string | null } | null;
      }>(detailPage.loader, {
        path: `/dashboard/clients/${client.id}`,
        as: admin,
        params: { id: client.id },
      });
      expect(before.body.plan.kept).toMatchObject({ orders: [expect.objectContaining({ reference: keptOrder.reference })], reports: 1, documents: 2 });
      expect(before.body.plan.deleted).toEqual({ orders: 2, appointments: 1, reports: 1, documents: 3 });
      // The client's page shows staff how to reach them.
      expect(before.body.contact).toEqual({ phone: "+1 313 555 0142", postalAddress: "4410 Michigan Avenue\nDearborn, MI 48126" });
      const keptFiles = await db().selectFrom("storedFiles").select("id").where("recordId", "in", [keptOrder.id, keptReport]).execute();
      const goneFiles = await db().selectFrom("storedFiles").select("id").where("recordId", "in", [oldTaxOrder.id, bookkeeping.id, looseRequest]).execute();
      expect(goneFiles).toHaveLength(3);

      const deleted = await call(detailPage.action, page(admin, client.id, { intent: "delete" }));
      expect([deleted.status, deleted.headers.get("location")]).toEqual([302, `/dashboard/clients/${client.id}`]);

      const row = await db().selectFrom("users").selectAll().where("id", "=", client.id).executeTakeFirstOrThrow();
      expect(row).toMatchObject({
        email: `deleted-${client.id}@anonymised.invalid`,
        phone: null,
        postalAddress: null,
        avatarUrl: null,
        enabledFeatures: [],
        lastLoginAt: null,
      });
      expect(row.fullName).not.toContain("Nadia");
      expect(row.disabledAt).not.toBeNull();
      expect(row.anonymisedAt).not.toBeNull();
      expect(row.passwordHash).not.toBe("x");
      expect(await findSession(client.token)).toBeNull();
      // Kept: the recent tax-return order with its history, documents and report.
      expect((await db().selectFrom("serviceOrders").select("id").where("clientId", "=", client.id).execute()).map((order) => order.id)).toEqual([
        keptOrder.id,
      ]);
      expect((await db().selectFrom("reports").select("id").where("clientId", "=", client.id).execute()).map((report) => report.id)).toEqual([keptReport]);
      for (const file of keptFiles) expect((await readStoredFile(file.id))?.content.length).toBeGreaterThan(0);
      // Deleted: other orders and their documents, the loose report, appointments, notifications.
      for (const file of goneFiles) expect(await findStoredFile(file.id)).toBeNull();
      expect(await db().selectFrom("reports").select("id").where("id", "=", looseReport).executeTakeFirst()).toBeUndefined();
      expect(await db().selectFrom("appointments").select("id").where("clientId", "=", client.id).execute()).toEqual([]);
      // The request list on the kept return stays with it; the one standing alone goes, with its file.
      expect((await db().selectFrom("requestLists").select("id").where("clientId", "=", client.id).execute()).map((list) => list.id)).toEqual([keptRequest]);
      expect(await db().selectFrom("notifications").select("id").where("userId", "=", client.id).execute()).toEqual([]);
      const [entry] = await auditOf(client.id, "client.deleted");
      expect(entry).toMatchObject({
        actorId: admin.id,
        meta: {
          anonymised: true,
          kept: { orders: [keptOrder.reference], reports: 1, documents: 2 },
          deleted: { orders: 2, appointments: 1, reports: 1, documents: 3 },
        },
      });
      expect(JSON.stringify(entry!.meta)).not.toContain(client.email);

      // After: the page says what was kept; nothing of the anonymised account can change.
      const after = await callJson<{ kept: { orders: Array<{ reference: string }> }; permissions: Record<string, boolean>; plan: unknown }>(detailPage.loader, {
        path: `/dashboard/clients/${client.id}`,
        as: admin,
        params: { id: client.id },
      });
      expect(after.body.kept.orders.map((order) => order.reference)).toEqual([keptOrder.reference]);
      expect(after.body.plan).toBeNull();
      expect(after.body.permissions).toMatchObject({ edit: false, disable: false, remove: false });
      expect(await refusalOf(updateManagedUser(admin, "users", client.id, { disabled: false }))).toBe("409 users:errors.anonymised");
      // The kept order can still move (the firm's work goes on), by staff only.
      await changeOrderStatus(admin, keptOrder.id, "in_review");
    });

    it("deletes a client of whom nothing must be kept entirely, through the API too", async () => {
      const plain = await makeUser(db(), { role: "client" });
      await createOrder(plain, { service: "translation", details: "Birth certificate" }, [], "en");
      const removed = await callJson(clientsItemRoute.action, { path: `/api/clients/${plain.id}`, method: "DELETE", as: admin, params: { id: plain.id } });
      expect(removed.body).toMatchObject({ anonymised: false, kept: { orders: [] }, deleted: { orders: 1 } });
      expect(await db().selectFrom("users").select("id").where("id", "=", plain.id).executeTakeFirst()).toBeUndefined();
      expect((await auditOf(plain.id, "client.deleted")).length).toBe(1);
    });
  });
});
