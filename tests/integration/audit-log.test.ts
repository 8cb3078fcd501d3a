import { beforeAll, beforeEach, expect, it } from "vitest";
import { createAppointment } from "~/features/appointments/appointments.server";
import { hashPassword } from "~/core/identity/password.server";
import { updateAvailabilitySettings } from "~/features/availability/availability.server";
import { findFreeSlots } from "~/features/appointments/free-slots.server";
import { seedPublicContent } from "~/features/content/seed.server";
import { createOrder } from "~/features/service-orders/service-orders.server";
import * as auditLib from "~/lib/audit.server";
import { newId } from "~/lib/ids.server";
import { resetLimitersForTests } from "~/lib/rate-limit.server";
import * as appointmentStatusRoute from "~/routes/api+/appointments.$id.status.$status";
import * as loginRoute from "~/routes/api+/auth.login";
import * as orderStatusRoute from "~/routes/api+/service-orders.$id.status.$status";
import * as usersItemRoute from "~/routes/api+/admin.users.$id";
import * as auditPage from "~/routes/dashboard+/audit-log";
import * as calendarPage from "~/routes/dashboard+/calendar";
import * as csvRoute from "~/routes/resources+/audit-log[.]csv";
import * as fileRoute from "~/routes/resources+/files.$id";
import { call, callJson } from "../support/api";
import { makeUser, type TestUser } from "../support/factories";
import { describeEachDialect } from "../setup/database";

/**
 * The audit log (docs/decisions/011): entries for sign-ins, role and feature changes,
 * document downloads, status and settings changes, with who, when, IP, record and outcome;
 * the owner's page (filters, keyset pages), its CSV export, and nobody else's access.
 */
type Entry = {
  actorId: string | null;
  actorName: string | null;
  action: string;
  targetType: string | null;
  targetId: string | null;
  ip: string | null;
  outcome: string;
  meta: Record<string, unknown>;
};
type AuditPage = { page: { items: Entry[]; total: number; nextCursor: string | null; pageCount: number }; csvQuery: string };

const IP = { "x-client-ip": "192.0.2.44" };

describeEachDialect("audit log", (db) => {
  let owner: TestUser;
  let admin: TestUser;
  let client: TestUser;
  let other: TestUser;
  beforeAll(async () => {
    await seedPublicContent(db());
    owner = await makeUser(db(), { role: "owner", fullName: "Olivia Owner" });
    admin = await makeUser(db(), { role: "admin", fullName: "Adam Admin" });
    const passwordHash = await hashPassword("Correct-Horse-42!");
    client = await makeUser(db(), { role: "client", fullName: '=HYPERLINK("http://evil.example")', passwordHash });
    other = await makeUser(db(), { role: "client", fullName: "Other Client" });
  });
  beforeEach(() => resetLimitersForTests());

  const entriesFor = async (query: string, as: TestUser = owner) =>
    (await callJson<AuditPage>(auditPage.loader, { path: `/dashboard/audit-log?${query}`, as })).body;

  it("writes who, when, IP, action, record and outcome for the listed events", async () => {
    // Sign-in: a failure, then a success.
    const login = (password: string) =>
      callJson(loginRoute.action, { path: "/api/auth/login", method: "POST", headers: IP, body: { email: client.email, password, rememberMe: false } });
    expect((await login("wrong-password")).status).toBe(400);
    expect((await login("Correct-Horse-42!")).status).toBe(200);
    // Role and feature changes.
    await callJson(usersItemRoute.action, {
      path: `/api/admin/users/${other.id}`,
      method: "PATCH",
      as: admin,
      params: { id: other.id },
      headers: IP,
      body: { enabledFeatures: ["reports"] },
    });
    await callJson(usersItemRoute.action, {
      path: `/api/admin/users/${other.id}`,
      method: "PATCH",
      as: admin,
      params: { id: other.id },
      headers: IP,
      body: { role: "admin" },
    });
    // Status changes of an order and an appointment, through the API.
    const order = await createOrder(
      client,
      { service: "tax_efiling", details: "2025 return" },
      [{ buffer: Buffer.from("pay stub"), originalName: "stub.txt", type: { ext: "txt", mime: "text/plain" } }],
      "en",
    );
    expect(
      (
        await call(orderStatusRoute.action, {
          path: `/api/service-orders/${order.id}/status/in_review`,
          method: "PUT",
          as: admin,
          params: { id: order.id, status: "in_review" },
          headers: IP,
          body: {},
        })
      ).status,
    ).toBe(200);
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
    const booked = await createAppointment(client, { service: service.id, startsAt: slot.startsAt });
    expect(
      (
        await call(appointmentStatusRoute.action, {
          path: `/api/appointments/${booked.id}/status/confirmed`,
          method: "PUT",
          as: admin,
          params: { id: booked.id, status: "confirmed" },
          headers: IP,
          body: {},
        })
      ).status,
    ).toBe(200);
    // Settings: the opening hours, from the calendar page.
    const settings = new URLSearchParams({
      intent: "settings",
      timeZone: "America/Detroit",
      slotMinutes: "30",
      bufferMinutes: "0",
      minNoticeHours: "2",
      maxDaysAhead: "30",
    });
    for (let index = 0; index < 7; index++) {
      settings.set(`days[${index}].open`, "on");
      settings.set(`days[${index}].start`, "08:00");
      settings.set(`days[${index}].end`, "20:00");
    }
    expect((await call(calendarPage.action, { path: "/dashboard/calendar", method: "POST", as: owner, headers: IP, body: settings })).status).toBe(302);
    // Downloads: staff reads the client's document; another client is refused.
    const file = (await db().selectFrom("storedFiles").select("id").where("recordId", "=", order.id).executeTakeFirstOrThrow()).id;
    expect((await call(fileRoute.loader, { path: `/resources/files/${file}`, as: admin, params: { id: file }, headers: IP })).status).toBe(200);
    expect((await call(fileRoute.loader, { path: `/resources/files/${file}`, as: other, params: { id: file }, headers: IP })).status).toBe(404);

    const { page } = await entriesFor("perPage=100");
    const seen = (action: string) => page.items.filter((entry) => entry.action === action);
    expect(seen("auth.login_failed")[0]).toMatchObject({ actorId: client.id, targetId: client.id, ip: "192.0.2.44", outcome: "failure" });
    expect(seen("auth.login")[0]).toMatchObject({ actorId: client.id, ip: "192.0.2.44", outcome: "success" });
    expect(seen("user.features_changed")[0]).toMatchObject({ actorId: admin.id, targetId: other.id, ip: "192.0.2.44", meta: { to: ["reports"] } });
    expect(seen("user.change_denied")[0]).toMatchObject({ actorId: admin.id, targetId: other.id, outcome: "denied", meta: { role: "admin" } });
    expect(seen("order.status_changed")[0]).toMatchObject({
      actorId: admin.id,
      targetType: "service_order",
      targetId: order.id,
      ip: "192.0.2.44",
      meta: { from: "pending", to: "in_review" },
    });
    expect(seen("appointment.status_changed")[0]).toMatchObject({
      actorId: admin.id,
      targetType: "appointment",
      targetId: booked.id,
      ip: "192.0.2.44",
      meta: { from: "requested", to: "confirmed" },
    });
    expect(seen("settings.availability_changed")[0]).toMatchObject({ actorId: owner.id, targetType: "settings", ip: "192.0.2.44" });
    expect((seen("settings.availability_changed")[0]!.meta.to as { minNoticeHours: number }).minNoticeHours).toBe(2);
    expect(seen("file.downloaded")[0]).toMatchObject({
      actorId: admin.id,
      targetType: "file",
      targetId: file,
      ip: "192.0.2.44",
      outcome: "success",
      meta: { recordId: order.id, name: "stub.txt" },
    });
    expect(seen("file.download_denied")[0]).toMatchObject({ actorId: other.id, targetId: file, outcome: "denied" });
  });

  it("is the owner's alone: a client or an admin reaches neither the page nor the CSV", async () => {
    for (const [who, home] of [
      [client, "/client"],
      [admin, "/dashboard"],
    ] as const) {
      for (const route of [auditPage.loader, csvRoute.loader]) {
        const response = await call(route, { path: "/dashboard/audit-log", as: who });
        expect([response.status, response.headers.get("location")]).toEqual([302, home]);
      }
    }
    expect((await call(auditPage.loader, { path: "/dashboard/audit-log" })).headers.get("location")).toMatch(/^\/login/);
    // Read-only: neither door has an action, and the log's module offers no change.
    expect("action" in auditPage).toBe(false);
    expect("action" in csvRoute).toBe(false);
    expect(Object.keys(auditLib).filter((name) => /update|delete|remove|edit|purge/i.test(name))).toEqual([]);
  });

  it("filters by who, action, record, outcome and dates, a page at a time", async () => {
    const byWho = await entriesFor(`who=${encodeURIComponent("adam admin")}&perPage=100`);
    expect(byWho.page.items.length).toBeGreaterThan(0);
    expect(byWho.page.items.every((entry) => entry.actorId === admin.id)).toBe(true);
    expect((await entriesFor("who=nobody-at-all")).page.total).toBe(0);

    const family = await entriesFor("action=user.*&perPage=100");
    expect(new Set(family.page.items.map((entry) => entry.action))).toEqual(new Set(["user.features_changed", "user.change_denied"]));
    const denied = await entriesFor("outcome=denied&perPage=100");
    expect(new Set(denied.page.items.map((entry) => entry.action))).toEqual(new Set(["user.change_denied", "file.download_denied"]));
    const record = await entriesFor(`type=user&record=${other.id}&perPage=100`);
    expect(record.page.items.every((entry) => entry.targetId === other.id)).toBe(true);
    expect(record.page.total).toBe(2);

    const today = new Date().toISOString().slice(0, 10);
    const tomorrow = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
    expect((await entriesFor(`from=${tomorrow}`)).page.total).toBe(0);
    expect((await entriesFor(`from=2020-01-01&to=2020-01-31`)).page.total).toBe(0);
    const all = await entriesFor("perPage=100");
    expect((await entriesFor(`from=${new Date(Date.now() - 2 * 86_400_000).toISOString().slice(0, 10)}&to=${today}&perPage=100`)).page.total).toBe(
      all.page.total,
    );

    // Pages of three, newest first, each entry once.
    const first = await entriesFor("perPage=3");
    expect(first.page.items).toHaveLength(3);
    const second = await entriesFor("perPage=3&page=2");
    const keyset = await entriesFor(`perPage=3&page=2&after=${first.page.nextCursor}`);
    expect(keyset.page.items.map((entry) => entry.action)).toEqual(second.page.items.map((entry) => entry.action));
    expect(new Set([...first.page.items, ...second.page.items].map((entry) => JSON.stringify(entry))).size).toBe(6);
  });

  it("exports the filtered entries as CSV, formula-like cells made text", async () => {
    const { csvQuery } = await entriesFor("action=auth.*&outcome=failure");
    expect(csvQuery).toBe("action=auth.*&outcome=failure");
    const response = await call(csvRoute.loader, { path: `/resources/audit-log.csv?${csvQuery}`, as: owner });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("content-disposition")).toMatch(/^attachment; filename="audit-log-\d{4}-\d{2}-\d{2}\.csv"$/);
    const text = await response.text();
    const lines = text
      .replace(/^\uFEFF/, "")
      .trimEnd()
      .split("\r\n");
    expect(lines[0]).toBe("time_utc,actor_id,actor_name,actor_email,ip,action,record_type,record_id,outcome,details");
    expect(lines).toHaveLength(2);
    // The client's name starts with "=": it arrives as text, quoted.
    expect(lines[1]).toContain(`,"'=HYPERLINK(""http://evil.example"")",${client.email},192.0.2.44,auth.login_failed,user,${client.id},failure,`);

    const everything = await (await call(csvRoute.loader, { path: "/resources/audit-log.csv", as: owner })).text();
    expect(everything.trimEnd().split("\r\n").length).toBe((await entriesFor("perPage=1")).page.total + 1);
    expect((await call(csvRoute.loader, { path: `/resources/audit-log.csv?who=${newId()}`, as: owner })).status).toBe(200);
  });
});
