import fs from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { seedPublicContent } from "~/features/content/seed.server";
import { findFreeSlots, updateAvailabilitySettings } from "~/features/availability/availability.server";
import { APPOINTMENT_STATUSES, APPOINTMENT_TRANSITIONS } from "~/features/appointments/status";
import { changeAppointmentStatus, createAppointment, type Actor } from "~/features/appointments/appointments.server";
import { buildCalendar } from "~/features/appointments/calendar.server";
import { toJson } from "~/lib/db/connection.server";
import { newId } from "~/lib/ids.server";
import { mailDir } from "~/lib/mail.server";
import { createSession } from "~/lib/session.server";
import * as listRoute from "~/routes/api+/appointments";
import * as clientRoute from "~/routes/api+/appointments.client";
import * as slotsRoute from "~/routes/api+/appointments.available-slots";
import * as itemRoute from "~/routes/api+/appointments.$id";
import * as statusRoute from "~/routes/api+/appointments.$id.status.$status";
import * as clientDetailPage from "~/routes/client+/appointments.$id";
import * as staffDetailPage from "~/routes/dashboard+/appointments.$id";
import * as icsRoute from "~/routes/resources+/appointments.$id.ics";
import { describeEachDialect } from "../setup/database";

type Who = "clientA" | "clientB" | "admin" | "owner" | "signedOut";
const EVERYONE: Who[] = ["clientA", "clientB", "admin", "owner", "signedOut"];

/** Calls a route's loader or action like Remix does; a thrown Response is the answer too. */
async function call(
  handler: (args: { request: Request; params: Record<string, string>; context: Record<string, unknown> }) => unknown,
  request: Request,
  params: Record<string, string> = {},
): Promise<Response> {
  try {
    return (await handler({ request, params, context: {} })) as Response;
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}

describeEachDialect("appointments", (db) => {
  const users: Record<Exclude<Who, "signedOut">, { id: string; token: string }> = {
    clientA: { id: "", token: "" },
    clientB: { id: "", token: "" },
    admin: { id: "", token: "" },
    owner: { id: "", token: "" },
  };
  let freeStarts: string[] = [];
  let serviceId = "";

  async function makeUser(role: string, locale = "en", features = ["appointments"]): Promise<{ id: string; token: string }> {
    const id = newId();
    await db()
      .insertInto("users")
      .values({ id, email: `${id}@example.com`, passwordHash: "x", fullName: `${role} ${id.slice(0, 4)}`, role, locale, enabledFeatures: toJson(features) })
      .execute();
    const { token } = await createSession(id, { remember: false, kind: "token" });
    return { id, token };
  }

  const actor = (who: Exclude<Who, "signedOut">): Actor => ({ id: users[who].id, role: who === "clientA" || who === "clientB" ? "client" : who });
  const nextSlot = () => {
    const slot = freeStarts.shift();
    if (!slot) throw new Error("no free slot left for the test");
    return slot;
  };

  function request(who: Who, pathname: string, init: { method?: string; body?: unknown } = {}): Request {
    const headers: Record<string, string> = { accept: "application/json" };
    if (who !== "signedOut") headers.authorization = `Bearer ${users[who].token}`;
    if (init.body !== undefined) headers["content-type"] = "application/json";
    return new Request(`http://localhost/api/${pathname}`, {
      method: init.method ?? "GET",
      headers,
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    });
  }

  beforeAll(async () => {
    await seedPublicContent(db());
    // Open every day 08:00–20:00, one hour of notice: free slots exist whatever day the suite runs.
    const open = [{ start: "08:00", end: "20:00" }];
    await updateAvailabilitySettings({
      timeZone: "America/Detroit",
      slotMinutes: 30,
      bufferMinutes: 0,
      minNoticeHours: 1,
      maxDaysAhead: 30,
      weeklyHours: Object.fromEntries(["1", "2", "3", "4", "5", "6", "7"].map((day) => [day, open])),
    });
    users.clientA = await makeUser("client", "fr");
    users.clientB = await makeUser("client");
    users.admin = await makeUser("admin");
    users.owner = await makeUser("owner");
    serviceId = (await db().selectFrom("services").select("id").where("key", "=", "notary").executeTakeFirstOrThrow()).id;
    const today = new Date().toISOString().slice(0, 10);
    const later = new Date(Date.now() + 20 * 86_400_000).toISOString().slice(0, 10);
    // Every other slot, so that no two test bookings touch.
    freeStarts = (await findFreeSlots({ durationMinutes: 30, from: today, to: later })).slots.map((slot) => slot.startsAt).filter((_, index) => index % 2 === 0).slice(5);
  });

  describe("state machine", () => {
    it("allows exactly the documented transitions, for every pair of states", async () => {
      for (const from of APPOINTMENT_STATUSES) {
        for (const to of APPOINTMENT_STATUSES) {
          const booked = await createAppointment(actor("clientA"), { service: serviceId, startsAt: nextSlot() });
          // Walk to `from` along allowed transitions first.
          const path = from === "requested" ? [] : from === "confirmed" ? ["confirmed"] : from === "cancelled" ? ["cancelled"] : ["confirmed", from];
          for (const step of path) await changeAppointmentStatus(actor("admin"), booked.id, step);
          const allowed = APPOINTMENT_TRANSITIONS[from].includes(to);
          const attempt = changeAppointmentStatus(actor("admin"), booked.id, to, "checked");
          if (allowed) await expect(attempt).resolves.toMatchObject({ status: to });
          else await expect(attempt).rejects.toMatchObject({ code: "invalidTransition" });
          await db().deleteFrom("appointments").where("id", "=", booked.id).execute();
        }
      }
    }, 60_000);

    it("keeps each change as history, releases the slot when cancelled, and tells the client in their language with an .ics", async () => {
      const startsAt = nextSlot();
      const booked = await createAppointment(actor("clientA"), { service: serviceId, startsAt, notes: "Two signers", timeZone: "Europe/Paris" });
      expect(booked).toMatchObject({ status: "requested", notes: "Two signers", clientTimeZone: "Europe/Paris" });
      await changeAppointmentStatus(actor("admin"), booked.id, "confirmed", "See you then");
      await changeAppointmentStatus(actor("clientA"), booked.id, "cancelled");

      const history = await db()
        .selectFrom("appointmentStatusHistory")
        .select(["fromStatus", "toStatus", "changedBy", "note"])
        .where("appointmentId", "=", booked.id)
        .orderBy("createdAt")
        .execute();
      expect(history).toEqual([
        { fromStatus: null, toStatus: "requested", changedBy: users.clientA.id, note: null },
        { fromStatus: "requested", toStatus: "confirmed", changedBy: users.admin.id, note: "See you then" },
        { fromStatus: "confirmed", toStatus: "cancelled", changedBy: users.clientA.id, note: null },
      ]);
      const holds = await db().selectFrom("appointmentSlotHolds").select("slotStart").where("appointmentId", "=", booked.id).execute();
      expect(holds).toEqual([]);

      const notifications = await db()
        .selectFrom("notifications")
        .select(["titleKey", "bodyKey", "params", "link"])
        .where("userId", "=", users.clientA.id)
        .where("link", "=", `/client/appointments/${booked.id}`)
        .orderBy("createdAt")
        .execute();
      expect(notifications.map((row) => row.titleKey)).toEqual([
        "appointments:notifications.requested.title",
        "appointments:notifications.confirmed.title",
        "appointments:notifications.cancelled.title",
      ]);
      expect(notifications[0]!.params).toMatchObject({ reference: booked.reference });

      // Client A reads French: the confirmation e-mail is in French and carries the calendar file.
      const mails = fs.readdirSync(mailDir()).map((file) => fs.readFileSync(path.join(mailDir(), file), "utf8"));
      const confirmation = mails.find((mail) => mail.includes(`Rendez-vous confirm`) && mail.includes(booked.reference));
      expect(confirmation).toBeDefined();
      expect(confirmation).toContain("text/calendar");
      expect(mails.some((mail) => mail.includes(booked.reference) && /Subject: .*annul/.test(mail))).toBe(true);
    });
  });

  describe("calendar", () => {
    it("lays out a month from Monday to Sunday in the office's time zone, each appointment on its office day", async () => {
      const startsAt = nextSlot();
      const booked = await createAppointment(actor("clientB"), { service: serviceId, startsAt });
      const officeDay = new Intl.DateTimeFormat("en-CA", { timeZone: "America/Detroit" }).format(new Date(startsAt));
      const month = await buildCalendar({ view: "month", date: officeDay, timeZone: "America/Detroit", locale: "en" });
      expect(month.weeks.length).toBeGreaterThanOrEqual(4);
      for (const week of month.weeks) {
        expect(week).toHaveLength(7);
        expect(new Date(`${week[0]!.day}T12:00:00Z`).getUTCDay()).toBe(1);
      }
      const cell = month.weeks.flat().find((day) => day.day === officeDay)!;
      expect(cell.inRange).toBe(true);
      expect(cell.appointments.map((appointment) => appointment.id)).toContain(booked.id);
      expect(month.periodStart).toBe(`${officeDay.slice(0, 7)}-01`);

      const week = await buildCalendar({ view: "week", date: officeDay, timeZone: "America/Detroit", locale: "en" });
      expect(week.weeks).toHaveLength(1);
      expect(week.weeks[0]!.find((day) => day.day === officeDay)!.appointments.map((appointment) => appointment.id)).toContain(booked.id);
      const nextWeek = await buildCalendar({ view: "week", date: week.next, timeZone: "America/Detroit", locale: "en" });
      expect(nextWeek.weeks[0]![0]!.day > week.weeks[0]![6]!.day).toBe(true);
    });
  });

  describe("rights matrix", () => {
    async function bookForA(): Promise<string> {
      return (await createAppointment(actor("clientA"), { service: serviceId, startsAt: nextSlot() })).id;
    }

    it("lists: staff see every appointment, a client only its own, signed out 401", async () => {
      const idA = await bookForA();
      const expected: Record<Who, number | "sees"> = { clientA: "sees", clientB: 200, admin: "sees", owner: "sees", signedOut: 401 };
      for (const who of EVERYONE) {
        for (const [handler, pathname] of [
          [listRoute.loader, "appointments?pageSize=100"],
          [clientRoute.loader, "appointments/client?pageSize=100"],
        ] as const) {
          const response = await call(handler as never, request(who, pathname));
          if (who === "signedOut") {
            expect(response.status).toBe(401);
            continue;
          }
          expect(response.status).toBe(200);
          const body = (await response.json()) as { appointments: Array<{ id: string; client: { id: string } }> };
          const ids = body.appointments.map((row) => row.id);
          const seesA = pathname.startsWith("appointments/client") ? who === "clientA" : expected[who] === "sees";
          expect(ids.includes(idA), `${who} ${pathname}`).toBe(seesA);
          if (who === "clientA" || who === "clientB" || pathname.startsWith("appointments/client")) {
            expect(body.appointments.every((row) => row.client.id === users[who].id)).toBe(true);
          }
        }
      }
    });

    it("reads one: owner client, admin and owner 200; another client 404; signed out 401", async () => {
      const id = await bookForA();
      const expected: Record<Who, number> = { clientA: 200, clientB: 404, admin: 200, owner: 200, signedOut: 401 };
      for (const who of EVERYONE) {
        const response = await call(itemRoute.loader as never, request(who, `appointments/${id}`), { id });
        expect(response.status, who).toBe(expected[who]);
        if (response.status === 404) expect(await response.json()).toEqual({ message: "Appointment not found" });
      }
    });

    it("updates notes and reschedules: owner client and staff, never another client", async () => {
      const id = await bookForA();
      const expected: Record<Who, number> = { clientA: 200, clientB: 404, admin: 200, owner: 200, signedOut: 401 };
      for (const who of EVERYONE) {
        const response = await call(itemRoute.action as never, request(who, `appointments/${id}`, { method: "PATCH", body: { notes: `by ${who}` } }), { id });
        expect(response.status, who).toBe(expected[who]);
      }
      const row = await db().selectFrom("appointments").select("notes").where("id", "=", id).executeTakeFirstOrThrow();
      expect(row.notes).toBe("by owner");

      const target = nextSlot();
      const denied = await call(itemRoute.action as never, request("clientB", `appointments/${id}`, { method: "PATCH", body: { startsAt: target } }), { id });
      expect(denied.status).toBe(404);
      const moved = await call(itemRoute.action as never, request("clientA", `appointments/${id}`, { method: "PATCH", body: { startsAt: target } }), { id });
      expect(moved.status).toBe(200);
      expect(((await moved.json()) as { appointment: { startsAt: string } }).appointment.startsAt).toBe(target);
    });

    it("changes status: staff along the machine, a client only cancels its own", async () => {
      const expectedConfirm: Record<Who, number> = { clientA: 403, clientB: 404, admin: 200, owner: 200, signedOut: 401 };
      for (const who of EVERYONE) {
        const id = await bookForA();
        const response = await call(statusRoute.action as never, request(who, `appointments/${id}/status/confirmed`, { method: "PUT", body: { note: "ok" } }), { id, status: "confirmed" });
        expect(response.status, who).toBe(expectedConfirm[who]);
      }
      const expectedCancel: Record<Who, number> = { clientA: 200, clientB: 404, admin: 200, owner: 200, signedOut: 401 };
      for (const who of EVERYONE) {
        const id = await bookForA();
        const response = await call(statusRoute.action as never, request(who, `appointments/${id}/status/cancelled`, { method: "PATCH" }), { id, status: "cancelled" });
        expect(response.status, who).toBe(expectedCancel[who]);
      }
      const id = await bookForA();
      const unknown = await call(statusRoute.action as never, request("admin", `appointments/${id}/status/archived`, { method: "PUT" }), { id, status: "archived" });
      expect(unknown.status).toBe(409);
      const skip = await call(statusRoute.action as never, request("admin", `appointments/${id}/status/completed`, { method: "PUT" }), { id, status: "completed" });
      expect(skip.status).toBe(409);
      expect(await skip.json()).toEqual({ message: "This status change is not allowed" });
    });

    it("deletes: staff only", async () => {
      const expected: Record<Who, number> = { clientA: 403, clientB: 404, admin: 200, owner: 200, signedOut: 401 };
      for (const who of EVERYONE) {
        const id = await bookForA();
        const response = await call(itemRoute.action as never, request(who, `appointments/${id}`, { method: "DELETE" }), { id });
        expect(response.status, who).toBe(expected[who]);
        const left = await db().selectFrom("appointments").select("id").where("id", "=", id).executeTakeFirst();
        expect(Boolean(left), who).toBe(expected[who] !== 200);
      }
    });

    it("creates: a client books for itself, staff must name the client, bad input is a 400, a taken slot a 409", async () => {
      const startsAt = nextSlot();
      const created = await call(listRoute.action as never, request("clientB", "appointments", { method: "POST", body: { serviceKey: "notary", startsAt, notes: "hi" } }));
      expect(created.status).toBe(201);
      const body = (await created.json()) as { appointment: { client: { id: string }; status: string } };
      expect(body.appointment).toMatchObject({ status: "requested", client: { id: users.clientB.id } });

      const again = await call(listRoute.action as never, request("clientA", "appointments", { method: "POST", body: { serviceId, startsAt } }));
      expect(again.status).toBe(409);
      expect(await again.json()).toEqual({ message: "That time was just taken by someone else. Please choose another time." });

      expect((await call(listRoute.action as never, request("signedOut", "appointments", { method: "POST", body: { serviceId, startsAt: nextSlot() } }))).status).toBe(401);
      expect((await call(listRoute.action as never, request("admin", "appointments", { method: "POST", body: { serviceId, startsAt: nextSlot() } }))).status).toBe(400);
      const forA = await call(listRoute.action as never, request("owner", "appointments", { method: "POST", body: { serviceId, startsAt: nextSlot(), clientId: users.clientA.id } }));
      expect(forA.status).toBe(201);
      expect((await call(listRoute.action as never, request("clientA", "appointments", { method: "POST", body: { startsAt: "tomorrow" } }))).status).toBe(400);
      expect((await call(listRoute.action as never, request("clientA", "appointments", { method: "POST", body: { serviceKey: "nope", startsAt: nextSlot() } }))).status).toBe(404);
    });

    it("pages and the .ics download follow the same rights (404 for another client, redirects for the wrong area)", async () => {
      const id = await bookForA();
      const page = (who: Who, pathname: string) => {
        const headers: Record<string, string> = {};
        if (who !== "signedOut") headers.authorization = `Bearer ${users[who].token}`;
        return new Request(`http://localhost${pathname}`, { headers });
      };
      // /client pages show the caller's own appointments, staff included; the .ics follows the API's rights.
      const expectedClientPage: Record<Who, number> = { clientA: 200, clientB: 404, admin: 404, owner: 404, signedOut: 302 };
      const expectedIcs: Record<Who, number> = { clientA: 200, clientB: 404, admin: 200, owner: 200, signedOut: 302 };
      for (const who of EVERYONE) {
        const response = await call(clientDetailPage.loader as never, page(who, `/client/appointments/${id}`), { id });
        expect(response.status, `client page ${who}`).toBe(expectedClientPage[who]);
        const ics = await call(icsRoute.loader as never, page(who, `/resources/appointments/${id}/ics`), { id });
        expect(ics.status, `ics ${who}`).toBe(expectedIcs[who]);
        if (ics.status === 200) {
          expect(ics.headers.get("content-disposition")).toMatch(/^attachment; filename="AP-.*\.ics"$/);
          expect(await ics.text()).toContain("BEGIN:VCALENDAR");
        }
        const staffPage = await call(staffDetailPage.loader as never, page(who, `/dashboard/appointments/${id}`), { id });
        const expectedStaff = who === "admin" || who === "owner" ? 200 : 302;
        expect(staffPage.status, `staff page ${who}`).toBe(expectedStaff);
        if (who === "clientA" || who === "clientB") expect(staffPage.headers.get("location")).toBe("/client");
      }
      // A client cannot cancel another's appointment through the page action either.
      const form = new FormData();
      form.set("intent", "cancel");
      const denied = await call(
        clientDetailPage.action as never,
        new Request(`http://localhost/client/appointments/${id}`, { method: "POST", body: form, headers: { authorization: `Bearer ${users.clientB.token}` } }),
        { id },
      );
      expect(denied.status).toBe(404);
      const row = await db().selectFrom("appointments").select("status").where("id", "=", id).executeTakeFirstOrThrow();
      expect(row.status).toBe("requested");
    });

    it("answers available slots to signed-in callers only, and refuses a client without the feature", async () => {
      const today = new Date().toISOString().slice(0, 10);
      const url = `appointments/available-slots?service=notary&from=${today}&to=${today}`;
      expect((await call(slotsRoute.loader as never, request("signedOut", url))).status).toBe(401);
      const ok = await call(slotsRoute.loader as never, request("clientA", url));
      expect(ok.status).toBe(200);
      const body = (await ok.json()) as { timeZone: string; slots: Array<{ startsAt: string; endsAt: string }> };
      expect(body.timeZone).toBe("America/Detroit");
      expect(Array.isArray(body.slots)).toBe(true);
      expect((await call(slotsRoute.loader as never, request("clientA", "appointments/available-slots?service=notary&from=2030-01-05&to=2029-01-01"))).status).toBe(400);

      const withoutFeature = await makeUser("client", "en", []);
      const response = await call(listRoute.loader as never, new Request("http://localhost/api/appointments", { headers: { authorization: `Bearer ${withoutFeature.token}` } }));
      expect(response.status).toBe(403);
    });
  });
});
