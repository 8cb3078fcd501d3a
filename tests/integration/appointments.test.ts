import { beforeAll, describe, expect, it } from "vitest";
import { seedPublicContent } from "~/features/content/seed.server";
import { updateAvailabilitySettings } from "~/features/availability/availability.server";
import { findFreeSlots } from "~/features/appointments/free-slots.server";
import { APPOINTMENT_STATUSES, APPOINTMENT_TRANSITIONS } from "~/features/appointments/status";
import { changeAppointmentStatus, createAppointment, findNextAppointment, type Actor } from "~/features/appointments/appointments.server";
import { dayPicker } from "~/features/appointments/booking.server";
import { buildCalendar } from "~/features/appointments/calendar.server";
import { createFormatter } from "~/lib/format";
import { listNotifications } from "~/features/notifications/notifications.server";
import * as listRoute from "~/routes/api+/appointments";
import * as clientRoute from "~/routes/api+/appointments.[client]";
import * as slotsRoute from "~/routes/api+/appointments.available-slots";
import * as itemRoute from "~/routes/api+/appointments.$id";
import * as statusRoute from "~/routes/api+/appointments.$id.status.$status";
import * as clientDetailPage from "~/routes/client+/appointments.$id";
import * as staffDetailPage from "~/routes/dashboard+/appointments.$id";
import * as icsRoute from "~/routes/resources+/appointments.$id.ics";
import { call, callJson } from "../support/api";
import { makeCast, makeUser, type Cast, type TestUser } from "../support/factories";
import { readMails } from "../support/mail";
import { describeEachDialect } from "../setup/database";

type Who = keyof Cast;
const EVERYONE: Who[] = ["clientA", "clientB", "admin", "owner", "anonymous"];

describeEachDialect("appointments", (db) => {
  let cast: Cast;
  let freeStarts: string[] = [];
  let serviceId = "";

  const actor = (who: Exclude<Who, "anonymous">): Actor => ({ id: cast[who].id, role: cast[who].role });
  const as = (who: Who) => cast[who];
  const nextSlot = () => {
    const slot = freeStarts.shift();
    if (!slot) throw new Error("no free slot left for the test");
    return slot;
  };

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
    cast = await makeCast(db());
    serviceId = (await db().selectFrom("services").select("id").where("key", "=", "notary").executeTakeFirstOrThrow()).id;
    const today = new Date().toISOString().slice(0, 10);
    const later = new Date(Date.now() + 20 * 86_400_000).toISOString().slice(0, 10);
    // Every other slot, so that no two test bookings touch.
    freeStarts = (await findFreeSlots({ durationMinutes: 30, from: today, to: later })).slots
      .map((slot) => slot.startsAt)
      .filter((_, index) => index % 2 === 0)
      .slice(5);
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
          else await expect(attempt).rejects.toMatchObject({ status: 409, key: "appointments:errors.invalidTransition" });
          await db().deleteFrom("appointments").where("id", "=", booked.id).execute();
        }
      }
    }, 60_000);

    it("keeps each change as history, releases the slot when cancelled, and tells the client in their language and zone with an .ics", async () => {
      const parisian = await makeUser(db(), { role: "client", locale: "fr", timeZone: "Europe/Paris" });
      const startsAt = nextSlot();
      const booked = await createAppointment(
        { id: parisian.id, role: "client" },
        { service: serviceId, startsAt, notes: "Two signers", timeZone: "Europe/Paris" },
      );
      expect(booked).toMatchObject({
        status: "requested",
        notes: "Two signers",
        clientTimeZone: "Europe/Paris",
        clientName: parisian.fullName,
        clientEmail: parisian.email,
      });
      await changeAppointmentStatus(actor("admin"), booked.id, "confirmed", "See you then");
      await changeAppointmentStatus({ id: parisian.id, role: "client" }, booked.id, "cancelled");

      const history = await db()
        .selectFrom("appointmentStatusHistory")
        .select(["fromStatus", "toStatus", "changedBy", "note"])
        .where("appointmentId", "=", booked.id)
        .orderBy("createdAt")
        .execute();
      expect(history).toEqual([
        { fromStatus: null, toStatus: "requested", changedBy: parisian.id, note: null },
        { fromStatus: "requested", toStatus: "confirmed", changedBy: cast.admin.id, note: "See you then" },
        { fromStatus: "confirmed", toStatus: "cancelled", changedBy: parisian.id, note: null },
      ]);
      const holds = await db().selectFrom("appointmentSlotHolds").select("slotStart").where("appointmentId", "=", booked.id).execute();
      expect(holds).toEqual([]);

      const notifications = await db()
        .selectFrom("notifications")
        .select(["titleKey", "params"])
        .where("userId", "=", parisian.id)
        .where("link", "=", `/client/appointments/${booked.id}`)
        .orderBy("createdAt")
        .execute();
      // The client's own booking and cancelling are not news to them (their e-mails still go out).
      expect(notifications.map((row) => row.titleKey)).toEqual(["appointments:notifications.confirmed.title"]);
      // Stored: neutral values only (the instant, the service); written when read, in the reader's
      // language and zone, the zone named.
      expect(notifications[0]!.params).toMatchObject({ reference: booked.reference, startsAt });
      expect(notifications[0]!.params).not.toHaveProperty("when");
      const when = createFormatter("fr", "Europe/Paris").longDateTime(startsAt);
      expect(when).toMatch(/heure d’Europe centrale/);
      const shown = await listNotifications(parisian.id, { page: 1, perPage: 10 }, "fr", "Europe/Paris");
      expect(shown.items.find((item) => item.titleKey === "appointments:notifications.confirmed.title")?.body).toContain(when);

      // The confirmation e-mail is in French, carries the calendar file and says when in Paris time.
      const mails = readMails(process.env.DATA_DIR!).filter((mail) => mail.to.includes(parisian.email));
      const confirmation = mails.find((mail) => mail.subject.startsWith("Rendez-vous confirm") && mail.subject.includes(booked.reference));
      expect(confirmation?.text).toContain(when);
      expect(confirmation?.text).toContain("BEGIN:VCALENDAR");
      expect(mails.some((mail) => /annul/.test(mail.subject))).toBe(true);
    });
  });

  describe("calendar and day picker", () => {
    it("lays out a month from the reader's first day of the week in the viewer's zone, each appointment on its day", async () => {
      const startsAt = nextSlot();
      const booked = await createAppointment(actor("clientB"), { service: serviceId, startsAt });
      const officeDay = new Date(startsAt).toLocaleDateString("en-CA", { timeZone: "America/Detroit" });
      // A US reader's week starts on Sunday, a French reader's on Monday.
      expect(createFormatter("en", "America/Detroit").firstDayOfWeek()).toBe(7);
      expect(createFormatter("fr", "Europe/Paris").firstDayOfWeek()).toBe(1);
      for (const [weekStart, utcDay] of [
        [7, 0],
        [1, 1],
      ] as const) {
        const month = await buildCalendar({ view: "month", date: officeDay, timeZone: "America/Detroit", language: "en", weekStart });
        expect(month.weeks.length).toBeGreaterThanOrEqual(4);
        for (const week of month.weeks) {
          expect(week).toHaveLength(7);
          expect(new Date(`${week[0]!.day}T12:00:00Z`).getUTCDay()).toBe(utcDay);
        }
        const cell = month.weeks.flat().find((day) => day.day === officeDay)!;
        expect(cell.inRange).toBe(true);
        expect(cell.appointments.map((appointment) => appointment.id)).toContain(booked.id);
        expect(month.periodStart).toBe(`${officeDay.slice(0, 7)}-01`);
      }

      const week = await buildCalendar({ view: "week", date: officeDay, timeZone: "America/Detroit", language: "en", weekStart: 7 });
      expect(week.weeks).toHaveLength(1);
      expect(new Date(`${week.periodStart}T12:00:00Z`).getUTCDay()).toBe(0);
      expect(week.weeks[0]!.find((day) => day.day === officeDay)!.appointments.map((appointment) => appointment.id)).toContain(booked.id);
      const nextWeek = await buildCalendar({ view: "week", date: week.next, timeZone: "America/Detroit", language: "en", weekStart: 7 });
      expect(nextWeek.weeks[0]![0]!.day > week.weeks[0]![6]!.day).toBe(true);

      // In Tokyo the same appointment may fall on the next day: the grid follows the viewer's zone.
      const tokyoDay = new Date(startsAt).toLocaleDateString("en-CA", { timeZone: "Asia/Tokyo" });
      const tokyo = await buildCalendar({ view: "week", date: tokyoDay, timeZone: "Asia/Tokyo", language: "en", weekStart: 7 });
      expect(tokyo.weeks[0]!.find((day) => day.day === tokyoDay)!.appointments.map((appointment) => appointment.id)).toContain(booked.id);
    });

    it("shows one month of days as the picker, the free ones counted, with the months around it", () => {
      const days = [
        { day: "2030-03-29", count: 4 },
        { day: "2030-04-02", count: 2 },
        { day: "2030-05-06", count: 1 },
      ];
      const march = dayPicker({ days, chosen: null, month: null, weekStart: 7 });
      expect(march).toMatchObject({ month: "2030-03", previous: null, next: "2030-04" });
      expect(march.weeks.flat().find((cell) => cell.day === "2030-03-29")).toEqual({ day: "2030-03-29", count: 4, inMonth: true });
      expect(new Date(`${march.weeks[0]![0]!.day}T12:00:00Z`).getUTCDay()).toBe(0);
      // The chosen day's month wins over the first free day's; an asked-for month with free days wins over both.
      expect(dayPicker({ days, chosen: "2030-04-02", month: null, weekStart: 1 })).toMatchObject({ month: "2030-04", previous: "2030-03", next: "2030-05" });
      expect(dayPicker({ days, chosen: "2030-04-02", month: "2030-05", weekStart: 1 }).month).toBe("2030-05");
      expect(dayPicker({ days, chosen: null, month: "2031-01", weekStart: 1 }).month).toBe("2030-03");
      const april = dayPicker({ days, chosen: null, month: "2030-04", weekStart: 1 });
      expect(april.weeks.flat().filter((cell) => cell.inMonth)).toHaveLength(30);
      expect(
        april.weeks
          .flat()
          .filter((cell) => cell.count > 0)
          .map((cell) => cell.day),
      ).toEqual(["2030-04-02"]);
    });

    it("finds a client's next active appointment", async () => {
      const client = await makeUser(db(), { role: "client" });
      expect(await findNextAppointment(client.id, "fr")).toBeNull();
      const first = await createAppointment({ id: client.id, role: "client" }, { service: serviceId, startsAt: nextSlot() });
      await createAppointment({ id: client.id, role: "client" }, { service: serviceId, startsAt: nextSlot() });
      expect(await findNextAppointment(client.id, "fr")).toMatchObject({ id: first.id, serviceTitle: expect.any(String) });
      await changeAppointmentStatus({ id: client.id, role: "client" }, first.id, "cancelled");
      expect((await findNextAppointment(client.id, "fr"))?.id).not.toBe(first.id);
    });
  });

  describe("rights matrix", () => {
    async function bookForA(): Promise<string> {
      return (await createAppointment(actor("clientA"), { service: serviceId, startsAt: nextSlot() })).id;
    }

    it("lists: staff see every appointment, a client only its own, signed out 401; one page shape", async () => {
      const idA = await bookForA();
      for (const who of EVERYONE) {
        for (const [handler, path] of [
          [listRoute.loader, "/api/appointments?perPage=100"],
          [clientRoute.loader, "/api/appointments/client?pageSize=100"],
        ] as const) {
          const { status, body } = await callJson<{
            appointments: Array<{ id: string; client: { id: string } }>;
            page: number;
            perPage: number;
            total: number;
            pageCount: number;
          }>(handler, { path, as: as(who) });
          if (who === "anonymous") {
            expect(status).toBe(401);
            continue;
          }
          expect(status).toBe(200);
          expect(body).toMatchObject({ page: 1, perPage: 100, total: expect.any(Number), pageCount: expect.any(Number) });
          const ids = body.appointments.map((row) => row.id);
          const seesA = path.startsWith("/api/appointments/client") ? who === "clientA" : who !== "clientB";
          expect(ids.includes(idA), `${who} ${path}`).toBe(seesA);
          if (who === "clientA" || who === "clientB" || path.startsWith("/api/appointments/client")) {
            expect(body.appointments.every((row) => row.client.id === cast[who].id)).toBe(true);
          }
        }
      }
      // Pages of two, with the filters kept; a bad value falls back rather than failing.
      const page2 = await callJson<{ appointments: unknown[]; page: number; perPage: number; total: number }>(listRoute.loader, {
        path: "/api/appointments?status=requested&perPage=2&page=2",
        as: cast.admin,
      });
      expect(page2.body).toMatchObject({ page: 2, perPage: 2 });
      expect(page2.body.appointments.length).toBeLessThanOrEqual(2);
      const bad = await callJson<{ page: number }>(listRoute.loader, { path: "/api/appointments?page=zero&status=archived", as: cast.admin });
      expect(bad).toMatchObject({ status: 200, body: { page: 1 } });
    });

    it("reads one: owner client, admin and owner 200; another client 404; signed out 401", async () => {
      const id = await bookForA();
      const expected: Record<Who, number> = { clientA: 200, clientB: 404, admin: 200, owner: 200, anonymous: 401 };
      for (const who of EVERYONE) {
        const { status, body } = await callJson(itemRoute.loader, { path: `/api/appointments/${id}`, as: as(who), params: { id } });
        expect(status, who).toBe(expected[who]);
        if (status === 404) expect(body).toEqual({ message: "Appointment not found" });
      }
    });

    it("answers refusals in the caller's language: French and Arabic when asked, the saved language otherwise", async () => {
      const id = await bookForA();
      const ask = (language?: string) =>
        callJson(itemRoute.loader, {
          path: `/api/appointments/${id}`,
          as: cast.clientB,
          params: { id },
          headers: language ? { "Accept-Language": language } : {},
        });
      expect((await ask("fr-FR,fr;q=0.9")).body).toEqual({ message: "Rendez-vous introuvable" });
      expect((await ask("ar")).body).toEqual({ message: "الموعد غير موجود" });
      expect((await ask("de, en;q=0.5")).body).toEqual({ message: "Appointment not found" });
      const skip = await callJson(statusRoute.action, {
        path: `/api/appointments/${id}/status/completed`,
        method: "PUT",
        as: cast.admin,
        params: { id, status: "completed" },
        headers: { "Accept-Language": "ar" },
      });
      expect(skip).toMatchObject({ status: 409, body: { message: "تغيير الحالة هذا غير مسموح به" } });
      // Client A saved French: without the header the answer is in French.
      const move = await callJson(statusRoute.action, {
        path: `/api/appointments/${id}/status/confirmed`,
        method: "PUT",
        as: cast.clientA,
        params: { id, status: "confirmed" },
      });
      expect(move).toMatchObject({ status: 403, body: { message: "Vous ne pouvez annuler que vos propres rendez-vous" } });
      const badBody = await callJson(listRoute.action, {
        path: "/api/appointments",
        method: "POST",
        as: cast.clientB,
        body: { serviceKey: "notary", startsAt: "tomorrow" },
        headers: { "Accept-Language": "fr" },
      });
      expect(badBody.status).toBe(400);
      expect(badBody.body.message).toBe("startsAt: Indiquez le début au format ISO 8601, avec son décalage horaire");
      const deleted = await callJson(itemRoute.action, {
        path: `/api/appointments/${id}`,
        method: "DELETE",
        as: cast.admin,
        params: { id },
        headers: { "Accept-Language": "ar" },
      });
      expect(deleted).toMatchObject({ status: 200, body: { message: "تم حذف الموعد" } });
      const unknownMethod = await call(itemRoute.action, { path: `/api/appointments/${id}`, method: "POST", as: cast.admin, params: { id } });
      expect(unknownMethod.status).toBe(405);
    });

    it("updates notes and reschedules: owner client and staff, never another client", async () => {
      const id = await bookForA();
      const expected: Record<Who, number> = { clientA: 200, clientB: 404, admin: 200, owner: 200, anonymous: 401 };
      for (const who of EVERYONE) {
        const response = await call(itemRoute.action, {
          path: `/api/appointments/${id}`,
          method: "PATCH",
          as: as(who),
          params: { id },
          body: { notes: `by ${who}` },
        });
        expect(response.status, who).toBe(expected[who]);
      }
      const row = await db().selectFrom("appointments").select("notes").where("id", "=", id).executeTakeFirstOrThrow();
      expect(row.notes).toBe("by owner");

      const target = nextSlot();
      const denied = await call(itemRoute.action, {
        path: `/api/appointments/${id}`,
        method: "PATCH",
        as: cast.clientB,
        params: { id },
        body: { startsAt: target },
      });
      expect(denied.status).toBe(404);
      const moved = await callJson<{ appointment: { startsAt: string } }>(itemRoute.action, {
        path: `/api/appointments/${id}`,
        method: "PATCH",
        as: cast.clientA,
        params: { id },
        body: { startsAt: target },
      });
      expect(moved.status).toBe(200);
      expect(moved.body.appointment.startsAt).toBe(target);
      const empty = await callJson(itemRoute.action, { path: `/api/appointments/${id}`, method: "PATCH", as: cast.clientA, params: { id }, body: {} });
      expect(empty).toMatchObject({ status: 400, body: { message: "Indiquez un nouvel horaire ou des remarques" } });
    });

    it("changes status: staff along the machine, a client only cancels its own", async () => {
      const expectedConfirm: Record<Who, number> = { clientA: 403, clientB: 404, admin: 200, owner: 200, anonymous: 401 };
      for (const who of EVERYONE) {
        const id = await bookForA();
        const response = await call(statusRoute.action, {
          path: `/api/appointments/${id}/status/confirmed`,
          method: "PUT",
          as: as(who),
          params: { id, status: "confirmed" },
          body: { note: "ok" },
        });
        expect(response.status, who).toBe(expectedConfirm[who]);
      }
      const expectedCancel: Record<Who, number> = { clientA: 200, clientB: 404, admin: 200, owner: 200, anonymous: 401 };
      for (const who of EVERYONE) {
        const id = await bookForA();
        const response = await call(statusRoute.action, {
          path: `/api/appointments/${id}/status/cancelled`,
          method: "PATCH",
          as: as(who),
          params: { id, status: "cancelled" },
        });
        expect(response.status, who).toBe(expectedCancel[who]);
      }
      const id = await bookForA();
      const unknown = await call(statusRoute.action, {
        path: `/api/appointments/${id}/status/archived`,
        method: "PUT",
        as: cast.admin,
        params: { id, status: "archived" },
      });
      expect(unknown.status).toBe(409);
      const skip = await callJson(statusRoute.action, {
        path: `/api/appointments/${id}/status/completed`,
        method: "PUT",
        as: cast.admin,
        params: { id, status: "completed" },
      });
      expect(skip).toEqual(expect.objectContaining({ status: 409, body: { message: "This status change is not allowed" } }));
      expect(
        (await call(statusRoute.loader, { path: `/api/appointments/${id}/status/confirmed`, as: cast.admin, params: { id, status: "confirmed" } })).status,
      ).toBe(405);
    });

    it("deletes: staff only", async () => {
      const expected: Record<Who, number> = { clientA: 403, clientB: 404, admin: 200, owner: 200, anonymous: 401 };
      for (const who of EVERYONE) {
        const id = await bookForA();
        const response = await call(itemRoute.action, { path: `/api/appointments/${id}`, method: "DELETE", as: as(who), params: { id } });
        expect(response.status, who).toBe(expected[who]);
        const left = await db().selectFrom("appointments").select("id").where("id", "=", id).executeTakeFirst();
        expect(Boolean(left), who).toBe(expected[who] !== 200);
      }
    });

    it("creates: a client books for itself, staff must name the client, bad input is a 400, a taken slot a 409", async () => {
      const post = (who: Who, body: unknown) =>
        callJson<{ appointment?: { client: { id: string }; status: string }; message?: string }>(listRoute.action, {
          path: "/api/appointments",
          method: "POST",
          as: as(who),
          body,
        });
      const startsAt = nextSlot();
      const created = await post("clientB", { serviceKey: "notary", startsAt, notes: "hi" });
      expect(created.status).toBe(201);
      expect(created.body.appointment).toMatchObject({ status: "requested", client: { id: cast.clientB.id } });

      const again = await post("clientA", { serviceId, startsAt });
      expect(again).toMatchObject({ status: 409, body: { message: "Cet horaire vient d’être réservé par quelqu’un d’autre. Veuillez en choisir un autre." } });
      const againInEnglish = await callJson(listRoute.action, { path: "/api/appointments", method: "POST", as: cast.clientB, body: { serviceId, startsAt } });
      expect(againInEnglish.body).toEqual({ message: "That time was just taken by someone else. Please choose another time." });

      expect((await post("anonymous", { serviceId, startsAt: nextSlot() })).status).toBe(401);
      expect(await post("admin", { serviceId, startsAt: nextSlot() })).toMatchObject({
        status: 400,
        body: { message: "Choose the client this appointment is for" },
      });
      const forA = await post("owner", { serviceId, startsAt: nextSlot(), clientId: cast.clientA.id });
      expect(forA.status).toBe(201);
      expect((await post("clientA", { startsAt: "tomorrow" })).status).toBe(400);
      expect((await post("clientB", { startsAt: nextSlot() })).body).toMatchObject({ message: "serviceId: Please choose a service" });
      expect((await post("clientA", { serviceKey: "nope", startsAt: nextSlot() })).status).toBe(404);
    });

    it("pages and the .ics download follow the same rights (404 for another client, redirects for the wrong area)", async () => {
      const id = await bookForA();
      // /client pages show the caller's own appointments, staff included; the .ics follows the API's rights.
      const expectedClientPage: Record<Who, number> = { clientA: 200, clientB: 404, admin: 404, owner: 404, anonymous: 302 };
      const expectedIcs: Record<Who, number> = { clientA: 200, clientB: 404, admin: 200, owner: 200, anonymous: 302 };
      const page = (path: string, who: Who) => ({ path, as: as(who), params: { id }, headers: { Accept: "text/html" } });
      for (const who of EVERYONE) {
        const response = await call(clientDetailPage.loader, page(`/client/appointments/${id}`, who));
        expect(response.status, `client page ${who}`).toBe(expectedClientPage[who]);
        const ics = await call(icsRoute.loader, page(`/resources/appointments/${id}/ics`, who));
        expect(ics.status, `ics ${who}`).toBe(expectedIcs[who]);
        if (ics.status === 200) {
          expect(ics.headers.get("content-disposition")).toMatch(/^attachment; filename="AP-.*\.ics"$/);
          expect(await ics.text()).toContain("BEGIN:VCALENDAR");
        }
        const staffPage = await call(staffDetailPage.loader, page(`/dashboard/appointments/${id}`, who));
        const expectedStaff = who === "admin" || who === "owner" ? 200 : 302;
        expect(staffPage.status, `staff page ${who}`).toBe(expectedStaff);
        if (who === "clientA" || who === "clientB") expect(staffPage.headers.get("location")).toBe("/client");
      }
      // A client cannot cancel another's appointment through the page action either.
      const form = new FormData();
      form.set("intent", "cancel");
      const denied = await call(clientDetailPage.action, { path: `/client/appointments/${id}`, method: "POST", as: cast.clientB, params: { id }, body: form });
      expect(denied.status).toBe(404);
      const row = await db().selectFrom("appointments").select("status").where("id", "=", id).executeTakeFirstOrThrow();
      expect(row.status).toBe("requested");
    });

    it("page actions: a refused change is a message above the form; staff endings go through the same action", async () => {
      const id = await bookForA();
      const post = (handler: typeof clientDetailPage.action, path: string, who: TestUser, fields: Record<string, string>) => {
        const form = new FormData();
        for (const [name, value] of Object.entries(fields)) form.set(name, value);
        return call(handler, { path, method: "POST", as: who, params: { id }, body: form, headers: { Accept: "text/html" } });
      };
      const skip = await post(staffDetailPage.action, `/dashboard/appointments/${id}`, cast.admin, { status: "completed" });
      expect(skip.status).toBe(409);
      expect(((await skip.json()) as { result: { error: Record<string, string[]> } }).result.error[""]).toEqual(["appointments:errors.invalidTransition"]);
      const noShowTooEarly = await post(staffDetailPage.action, `/dashboard/appointments/${id}`, cast.admin, { status: "no_show", note: "Did not come" });
      expect(noShowTooEarly.status).toBe(409);
      const cancelled = await post(staffDetailPage.action, `/dashboard/appointments/${id}`, cast.admin, { status: "cancelled", note: "Office closed" });
      expect(cancelled.status).toBe(302);
      const history = await db()
        .selectFrom("appointmentStatusHistory")
        .select(["toStatus", "note"])
        .where("appointmentId", "=", id)
        .orderBy("createdAt", "desc")
        .executeTakeFirstOrThrow();
      expect(history).toEqual({ toStatus: "cancelled", note: "Office closed" });
      // Cancelling again is refused with the message, not a server error.
      const again = await post(clientDetailPage.action, `/client/appointments/${id}`, cast.clientA, { intent: "cancel" });
      expect(again.status).toBe(409);
    });

    it("answers available slots to signed-in callers only, and refuses a client without the feature", async () => {
      const today = new Date().toISOString().slice(0, 10);
      const path = `/api/appointments/available-slots?service=notary&from=${today}&to=${today}`;
      expect((await call(slotsRoute.loader, { path, as: null })).status).toBe(401);
      const ok = await callJson<{ timeZone: string; slots: Array<{ startsAt: string; endsAt: string }> }>(slotsRoute.loader, { path, as: cast.clientA });
      expect(ok.status).toBe(200);
      expect(ok.body.timeZone).toBe("America/Detroit");
      expect(Array.isArray(ok.body.slots)).toBe(true);
      const backwards = await callJson(slotsRoute.loader, {
        path: "/api/appointments/available-slots?service=notary&from=2030-01-05&to=2029-01-01",
        as: cast.clientB,
        headers: { "Accept-Language": "ar" },
      });
      expect(backwards).toMatchObject({ status: 400, body: { message: "to: يجب ألا تسبق نهاية الفترة بدايتها" } });
      const unknown = await callJson(slotsRoute.loader, {
        path: `/api/appointments/available-slots?service=nope&from=${today}&to=${today}`,
        as: cast.clientB,
        headers: { "Accept-Language": "fr" },
      });
      expect(unknown).toMatchObject({ status: 404, body: { message: "Service introuvable" } });
      expect((await call(slotsRoute.action, { path, method: "POST", as: cast.clientA })).status).toBe(405);

      const withoutFeature = await makeUser(db(), { role: "client", features: [] });
      expect((await call(listRoute.loader, { path: "/api/appointments", as: withoutFeature })).status).toBe(403);
    });
  });
});
