import { beforeAll, expect, it } from "vitest";
import * as clientOverviewRoute from "~/routes/client+/_index";
import * as clientLayoutRoute from "~/routes/client+/_layout";
import * as clientOrderRoute from "~/routes/client+/service-orders.$id";
import * as clientReportRoute from "~/routes/client+/reports.$id";
import * as staffOrderRoute from "~/routes/dashboard+/service-orders.$id";
import * as staffReportRoute from "~/routes/dashboard+/reports.$id";
import { clearPublicCache } from "~/features/content/content.server";
import { seedPublicContent } from "~/features/content/seed.server";
import { createReport } from "~/features/reports/reports.server";
import { createOrder, getOrder } from "~/features/service-orders/service-orders.server";
import { officeToday } from "~/core/office/today.server";
import { toJson } from "~/lib/db/connection.server";
import { newId } from "~/lib/ids.server";
import { describeEachDialect } from "../setup/database";
import { call } from "../support/api";
import { makeCast, type Cast } from "../support/factories";

/**
 * The pages of the orders and reports areas, called as Remix calls them: what a
 * refusal becomes (a field error keeping the typed values, a 404), what a GET may
 * not change, and what the overview gathers from the other areas.
 */
type Reply = { intent?: string; result?: { status?: string; error?: Record<string, string[]>; initialValue?: Record<string, unknown> } };

const form = (fields: Record<string, string>) => new URLSearchParams(fields);

describeEachDialect("orders and reports pages", (db) => {
  let cast: Cast;
  beforeAll(async () => {
    await seedPublicContent(db());
    clearPublicCache();
    cast = await makeCast(db());
  });

  it("staff order page: a past due date and a huge price are field errors that keep what was typed", async () => {
    const { id } = await createOrder(cast.clientA, { service: "translation", details: "Translate a driving licence." }, [], "en");
    const save = async (fields: Record<string, string>) => {
      const response = await call(staffOrderRoute.action, {
        path: `/dashboard/service-orders/${id}`,
        method: "POST",
        as: cast.admin,
        params: { id },
        body: form({ intent: "update", ...fields }),
      });
      return { status: response.status, body: response.status === 400 ? ((await response.json()) as Reply) : null };
    };
    const today = await officeToday();
    const yesterday = new Date(Date.parse(`${today}T12:00:00Z`) - 86_400_000).toISOString().slice(0, 10);

    const huge = await save({ price: "99,999,999,999", dueDate: today, quoteNote: "Rush" });
    expect(huge.status).toBe(400);
    expect(huge.body?.result?.error).toEqual({ price: ["orders:errors.priceTooHigh"] });
    expect(huge.body?.result?.initialValue).toMatchObject({ price: "99,999,999,999", quoteNote: "Rush" });

    const past = await save({ price: "120", dueDate: yesterday, quoteNote: "Rush" });
    expect(past.status).toBe(400);
    expect(past.body).toMatchObject({
      intent: "update",
      result: { error: { dueDate: ["orders:errors.dueDatePast"] }, initialValue: { dueDate: yesterday, quoteNote: "Rush" } },
    });

    expect((await save({ price: "1,000,000", dueDate: today })).status).toBe(302);
    expect(await getOrder(cast.admin, id, "en")).toMatchObject({ priceCents: 100_000_000, dueDate: today });
  });

  it("staff order page: someone else's record is the 404 page, for the loader and the action", async () => {
    expect((await call(staffOrderRoute.loader, { path: "/dashboard/service-orders/nope", as: cast.admin, params: { id: "nope" } })).status).toBe(404);
    const response = await call(staffOrderRoute.action, {
      path: "/dashboard/service-orders/nope",
      method: "POST",
      as: cast.admin,
      params: { id: "nope" },
      body: form({ intent: "note", body: "Hello" }),
    });
    expect(response.status).toBe(404);
  });

  it("client order page: cancelling after the work started is refused with a toast, and the order stays", async () => {
    const { id } = await createOrder(cast.clientA, { service: "notary", details: "Notarise a bill of sale." }, [], "en");
    await db().updateTable("serviceOrders").set({ status: "in_progress" }).where("id", "=", id).execute();
    const refused = await call(clientOrderRoute.action, {
      path: `/client/service-orders/${id}`,
      method: "POST",
      as: cast.clientA,
      params: { id },
      body: form({ intent: "cancel", note: "" }),
    });
    expect(refused.status).toBe(302);
    expect(refused.headers.get("location")).toBe(`/client/service-orders/${id}`);
    expect(refused.headers.get("set-cookie")).toMatch(/^toast=/);
    expect((await getOrder(cast.admin, id, "en")).status).toBe("in_progress");
    // another client's order is not found
    const foreign = await call(clientOrderRoute.action, {
      path: `/client/service-orders/${id}`,
      method: "POST",
      as: cast.clientB,
      params: { id },
      body: form({ intent: "cancel" }),
    });
    expect(foreign.status).toBe(404);
  });

  it("client report page: opening it (GET) marks nothing; the page posts the read marker", async () => {
    const { id } = await createReport(cast.admin, { clientId: cast.clientA.id, title: "Payroll, March", body: "# Summary\n\nAll paid." }, []);
    const readAt = async () => (await db().selectFrom("reports").select("readAt").where("id", "=", id).executeTakeFirstOrThrow()).readAt;

    const page = await call(clientReportRoute.loader, { path: `/client/reports/${id}`, as: cast.clientA, params: { id } });
    expect(page.status).toBe(200);
    const { report, title } = (await page.json()) as { report: { bodyHtml: string; readAt: string | null }; title: string };
    expect([title, report.readAt, await readAt()]).toEqual(["Payroll, March", null, null]);
    expect(report.bodyHtml).toContain("<h2>Summary</h2>");

    // someone else cannot mark it
    const foreign = await call(clientReportRoute.action, {
      path: `/client/reports/${id}`,
      method: "POST",
      as: cast.clientB,
      params: { id },
      body: form({ intent: "read" }),
    });
    expect(foreign.status).toBe(404);
    expect(await readAt()).toBeNull();

    const marked = await call(clientReportRoute.action, {
      path: `/client/reports/${id}`,
      method: "POST",
      as: cast.clientA,
      params: { id },
      body: form({ intent: "read" }),
    });
    expect(marked.status).toBe(200);
    const first = await readAt();
    expect(first).not.toBeNull();
    await call(clientReportRoute.action, { path: `/client/reports/${id}`, method: "POST", as: cast.clientA, params: { id }, body: form({ intent: "read" }) });
    expect(await readAt()).toBe(first);
  });

  it("staff report page: deleting asks through a form with intent=delete; anything else is refused", async () => {
    const { id } = await createReport(cast.admin, { clientId: cast.clientB.id, title: "To delete", body: "Gone soon." }, []);
    const bare = await call(staffReportRoute.action, { path: `/dashboard/reports/${id}`, method: "POST", as: cast.admin, params: { id }, body: form({}) });
    expect(bare.status).toBe(400);
    const deleted = await call(staffReportRoute.action, {
      path: `/dashboard/reports/${id}`,
      method: "POST",
      as: cast.admin,
      params: { id },
      body: form({ intent: "delete" }),
    });
    expect([deleted.status, deleted.headers.get("location")]).toEqual([302, "/dashboard/reports"]);
    expect(await db().selectFrom("reports").select("id").where("id", "=", id).executeTakeFirst()).toBeUndefined();
  });

  it("client overview: the next appointment from the appointments area; the client area's layout: the clients' announcement from the content area", async () => {
    const service = await db().selectFrom("services").select("id").where("key", "=", "notary").executeTakeFirstOrThrow();
    const inHours = (hours: number) => new Date(Date.now() + hours * 3_600_000).toISOString();
    const appointment = (startsAt: string, status: string) => ({
      id: newId(),
      reference: `AP-${newId().slice(0, 8)}`,
      clientId: cast.clientB.id,
      serviceId: service.id,
      startsAt,
      endsAt: new Date(Date.parse(startsAt) + 3_600_000).toISOString(),
      status,
    });
    const next = appointment(inHours(30), "confirmed");
    await db()
      .insertInto("appointments")
      .values([appointment(inHours(-30), "confirmed"), appointment(inHours(5), "cancelled"), next, appointment(inHours(60), "requested")])
      .execute();
    await db()
      .insertInto("announcements")
      .values([
        {
          id: newId(),
          i18n: toJson({ en: { message: "Office closed Monday" }, fr: { message: "Bureau fermé lundi" } }),
          linkUrl: null,
          audience: "clients",
          active: true,
          createdAt: inHours(0),
        },
        { id: newId(), i18n: toJson({ en: { message: "For visitors only" } }), linkUrl: null, audience: "public", active: true, createdAt: inHours(1) },
      ])
      .execute();
    clearPublicCache();

    const response = await call(clientOverviewRoute.loader, { path: "/client", as: cast.clientB });
    const { overview, title } = (await response.json()) as {
      title: string;
      overview: { nextAppointment: { id: string; startsAt: string; serviceTitle: string } | null };
    };
    expect(title).toBe("Overview");
    expect(overview.nextAppointment).toMatchObject({ id: next.id, startsAt: next.startsAt });
    expect(overview.nextAppointment?.serviceTitle).not.toBe("notary");
    const layout = (await (await call(clientLayoutRoute.loader, { path: "/client", as: cast.clientB })).json()) as { announcement: { message: string } | null };
    expect(layout.announcement).toMatchObject({ message: "Office closed Monday", linkUrl: null, level: "info", dismissible: true });

    const french = (await (await call(clientOverviewRoute.loader, { path: "/client?lng=fr", as: cast.clientA })).json()) as {
      overview: { nextAppointment: unknown };
    };
    expect(french.overview).toMatchObject({ nextAppointment: null });
    const frenchLayout = (await (await call(clientLayoutRoute.loader, { path: "/client?lng=fr", as: cast.clientA })).json()) as {
      announcement: { message: string } | null;
    };
    expect(frenchLayout.announcement).toMatchObject({ message: "Bureau fermé lundi" });
  });
});
