import { DateTime } from "luxon";
import { sql } from "kysely";
import { hashPassword } from "~/core/identity/password.server";
import { ensureTwoFactorWithSecret } from "~/features/auth/index.server";
import { getAppointment, findFreeSlots } from "~/features/appointments/index.server";
import { getAvailabilitySettings, listClosedDays, seedFederalHolidays } from "~/features/availability/index.server";
import { federalHolidayClosures } from "~/core/office/holidays.server";
import { createContactMessage } from "~/features/inbox/index.server";
import { markAllNotificationsRead } from "~/features/notifications/index.server";
import { getReport } from "~/features/reports/index.server";
import { getOrder } from "~/features/service-orders/index.server";
import { forgetStatistics } from "~/features/statistics/index.server";
import { insertUser } from "~/features/users/index.server";
import type { DB } from "~/lib/db/connection.server";
import { db as appDb } from "~/lib/db/db.server";
import { env } from "~/lib/env.server";
import { logger } from "~/lib/logger.server";
import { withoutMail } from "~/lib/mail.server";
import { nowIso } from "~/lib/ids.server";
import { seedDemoRequestTemplates } from "./request-templates.server";
import { DEMO_APPOINTMENTS, DEMO_EXTRA_CLIENTS, DEMO_REPORTS, DEMO_TASKS, demoOrderStories } from "./stories.server";
import { seedAppointment, seedOrders, seedReport, seedTask, type TaskStory, type YearContext } from "./year.server";

/** The demo accounts, the same on every install so that testers and browser tests can sign in with them. */
export const DEMO_ACCOUNTS = [
  { email: "owner@demo.test", role: "owner", fullName: "Nadia Haddad", locale: "en" },
  { email: "admin@demo.test", role: "admin", fullName: "Marc Dubois", locale: "fr" },
  { email: "client@demo.test", role: "client", fullName: "Omar Khalil", locale: "en" },
  { email: "client2@demo.test", role: "client", fullName: "Sophie Martin", locale: "fr" },
] as const;

/** What one run of the seeder made, for its consistency checks. */
export type DemoSeedResult = {
  /** Closed days added for the federal holidays. */
  holidaysAdded: number;
  /** The records made for new demo clients. */
  clients: SeededClient[];
  /** What demoConsistencyProblems found in them (empty when the demo data is coherent). */
  problems: string[];
};

export type SeededClient = {
  clientId: string;
  email: string;
  orderIds: string[];
  reports: Array<{ id: string; serviceKey: string | null }>;
  appointmentIds: string[];
};

/**
 * Makes sure the demo accounts exist, the clients with a consistent year of the firm (see
 * stories.server.ts), and that the office is closed on the US federal holidays of last year,
 * this year and the next (for each year that has no closed day yet). Idempotent: an existing
 * account is left as it is (its password too) and gets no records; the records of new clients
 * are made through their areas' functions, dated, then checked. The demo owner and admin have
 * two-factor sign-in with `totpSecret` (DEMO_TOTP_SECRET), so that outside test suites can
 * compute their codes; one that already has two-factor keeps it.
 */
export function seedDemoAccounts(db: DB, password: string, totpSecret: string = env().demoTotpSecret): Promise<DemoSeedResult> {
  // The demo's records were made long ago: nobody is e-mailed about them.
  return withoutMail(() => seedDemo(db, password, totpSecret));
}

async function seedDemo(db: DB, password: string, totpSecret: string): Promise<DemoSeedResult> {
  const passwordHash = await hashPassword(password);
  const { timeZone } = await getAvailabilitySettings();
  const today = DateTime.now().setZone(timeZone).startOf("day");
  const holidayYears = [today.year - 1, today.year, today.year + 1];
  const holidaysAdded = await seedFederalHolidays(holidayYears);
  const staff = { owner: "", admin: "" };
  const created = new Map<string, { id: string; locale: string }>();

  const accounts = [...DEMO_ACCOUNTS, ...DEMO_EXTRA_CLIENTS.map((client) => ({ ...client, role: "client" as const }))];
  for (const account of accounts) {
    const existing = await db.selectFrom("users").select("id").where("email", "=", account.email).executeTakeFirst();
    if (existing) {
      if (account.role === "owner" || account.role === "admin") staff[account.role] = existing.id;
      continue;
    }
    const id = await insertUser(
      { email: account.email, passwordHash, role: account.role, fullName: account.fullName, locale: account.locale, emailVerifiedAt: nowIso() },
      db,
    );
    if (account.role === "owner" || account.role === "admin") staff[account.role] = id;
    else created.set(account.email, { id, locale: account.locale });
  }
  for (const staffId of [staff.owner, staff.admin]) if (staffId) await ensureTwoFactorWithSecret(db, staffId, totpSecret);
  const staffActor = { id: staff.admin || staff.owner, role: "admin", enabledFeatures: [] as string[] };
  if (staffActor.id) await seedDemoRequestTemplates(staffActor);
  const seeded = created.size > 0 && staffActor.id ? await seedDemoYear(db, { timeZone, today, staff: staffActor, clients: created }) : [];
  if (seeded.length > 0) await seedDemoContactMessage();
  const problems = staffActor.id ? await demoConsistencyProblems(seeded, staffActor, holidaysAdded > 0 ? holidayYears : []) : [];
  if (problems.length > 0) logger.warn({ problems }, "demo data is not consistent");
  return { holidaysAdded, clients: seeded, problems };
}

/** The start-up's demo step: nothing unless SEED_DEMO=true, so a real install never has demo accounts. */
export async function seedDemoIfEnabled(db: DB, config: { seedDemo: boolean; demoPassword: string; demoTotpSecret: string }): Promise<DemoSeedResult | null> {
  if (!config.seedDemo) return null;
  return seedDemoAccounts(db, config.demoPassword, config.demoTotpSecret);
}

/** One message in the inbox, as the contact form stores it (several lines, as people write them). */
async function seedDemoContactMessage(): Promise<void> {
  await createContactMessage(
    {
      name: "Dana Whitfield",
      email: "dana.whitfield@example.com",
      subject: "Apostille for a diploma",
      message: "Hello,\n\nI need an apostille for my university diploma before the end of the month.\nCan I bring the original on Tuesday?\n\nThank you,\nDana",
    },
    { language: "en", ip: null, userAgent: null, userId: null },
  );
}

/**
 * The year of the new clients: their orders (with documents, quotes, invoices, payments and
 * desk files), appointments, the office's tasks about them, and their reports. What happened
 * in the past was read long ago: their notifications are marked read, except the reports'
 * (made last, as a client finds a recent report).
 */
async function seedDemoYear(
  db: DB,
  options: {
    timeZone: string;
    today: DateTime;
    staff: { id: string; role: string; enabledFeatures: string[] };
    clients: Map<string, { id: string; locale: string }>;
  },
): Promise<SeededClient[]> {
  const services = new Map((await db.selectFrom("services").select(["id", "key", "durationMinutes"]).execute()).map((service) => [service.key, service]));
  const context: YearContext = { db, timeZone: options.timeZone, today: options.today, staff: options.staff, clients: options.clients, services };
  const isNew = (story: { client: string }) => options.clients.has(story.client);
  const stories = demoOrderStories(options.today).filter(isNew);
  const orders = await seedOrders(context, stories);
  const result = new Map<string, SeededClient>(
    [...options.clients].map(([email, client]) => [email, { clientId: client.id, email, orderIds: [], reports: [], appointmentIds: [] }]),
  );
  for (const order of orders) result.get(order.story.client)!.orderIds.push(order.id);
  // A client's account is a day older than their first order.
  for (const [email, client] of options.clients) {
    const firstOrder = Math.max(0, ...stories.filter((story) => story.client === email).map((story) => story.daysAgo));
    await db
      .updateTable("users")
      .set({
        createdAt: options.today
          .minus({ days: firstOrder + 1 })
          .toUTC()
          .toISO()!,
      })
      .where("id", "=", client.id)
      .execute();
  }
  for (const story of DEMO_APPOINTMENTS.filter(isNew)) {
    const id = await seedAppointment(context, story);
    if (id) result.get(story.client)!.appointmentIds.push(id);
  }
  const aboutNewClient = (task: TaskStory) => !task.orderOf || isNew(task.orderOf);
  for (const task of DEMO_TASKS.filter(aboutNewClient)) await seedTask(context, task, orders);
  for (const userId of [options.staff.id, ...[...options.clients.values()].map((client) => client.id)]) await markAllNotificationsRead(userId);
  for (const story of DEMO_REPORTS.filter(isNew)) result.get(story.client)!.reports.push(await seedReport(context, story, orders));
  forgetStatistics();
  return [...result.values()];
}

/**
 * The seeder's own checks of what it made: every report about an order is about an order
 * of the same client and of the report's service; no report says something is attached
 * without a file; every order has its documents, and a completed one its price (or accepted
 * quote), its invoices paid and, for a translation, a completed desk file with its
 * translation and certificate; every invoice's payments match its state; every appointment
 * is on an open day, at a time the office offered when it was booked; and the federal
 * holidays of the seeded years are closed days.
 */
export async function demoConsistencyProblems(seeded: SeededClient[], staff: { id: string; role: string }, holidayYears: readonly number[]): Promise<string[]> {
  const problems: string[] = [];
  const { timeZone } = await getAvailabilitySettings();
  for (const client of seeded) {
    for (const { id, serviceKey } of client.reports) {
      const report = await getReport(staff, id);
      if (report.clientId !== client.clientId) problems.push(`report "${report.title}" belongs to another client`);
      if (serviceKey) {
        const order = report.orderId ? await getOrder(staff, report.orderId, "en") : null;
        if (!order) problems.push(`report "${report.title}" is about no order`);
        else if (order.serviceKey !== serviceKey || order.clientId !== client.clientId) {
          problems.push(`report "${report.title}" (${serviceKey}) is linked to ${order.reference} (${order.serviceKey})`);
        }
      }
      if (/\battach/i.test(report.bodyMarkdown) && report.files.length === 0) problems.push(`report "${report.title}" mentions an attachment and has no file`);
    }
    for (const id of client.orderIds) problems.push(...(await orderProblems(staff, id)));
    problems.push(...(await invoiceProblems(client.clientId)));
    for (const id of client.appointmentIds) {
      const appointment = await getAppointment(staff, id);
      const day = DateTime.fromISO(appointment.startsAt, { zone: timeZone }).toISODate()!;
      const [closed] = await listClosedDays({ from: day, limit: 1 });
      if (closed?.day === day) problems.push(`appointment ${appointment.reference} is on a closed day (${day})`);
      const bookedAt = await appDb().selectFrom("appointments").select("createdAt").where("id", "=", id).executeTakeFirstOrThrow();
      const offered = await findFreeSlots({
        durationMinutes: appointment.durationMinutes,
        from: day,
        to: day,
        ignoreAppointmentId: id,
        now: new Date(bookedAt.createdAt),
      });
      if (!offered.slots.some((slot) => slot.startsAt === appointment.startsAt))
        problems.push(`appointment ${appointment.reference} is not at a time the office offers`);
    }
  }
  for (const year of holidayYears) {
    const wanted = federalHolidayClosures(year);
    const closed = new Set((await listClosedDays({ from: wanted[0]!.day, limit: 400 })).map((row) => row.day));
    for (const { day, reason } of wanted) if (!closed.has(day)) problems.push(`${reason} ${day} is not a closed day`);
  }
  return problems;
}

/** An order that contradicts itself: no documents; completed without its price, paid invoices or (a translation) its certified translation. */
async function orderProblems(staff: { id: string; role: string }, orderId: string): Promise<string[]> {
  const order = await getOrder(staff, orderId, "en");
  const problems: string[] = [];
  if (order.files.length === 0) problems.push(`order ${order.reference} has no documents`);
  const db = appDb();
  const quotes = await db.selectFrom("quotes").select("status").where("orderId", "=", orderId).execute();
  const invoices = await db.selectFrom("invoices").select(["number", "status"]).where("orderId", "=", orderId).execute();
  if (order.status === "completed") {
    if (order.priceCents === null && !quotes.some((quote) => quote.status === "accepted"))
      problems.push(`completed order ${order.reference} has no price and no accepted quote`);
    if (invoices.length === 0) problems.push(`completed order ${order.reference} has no invoice`);
    for (const invoice of invoices)
      if (invoice.status !== "paid") problems.push(`completed order ${order.reference} has invoice ${invoice.number} ${invoice.status}`);
    if (order.serviceKey === "translation") {
      const files = await db
        .selectFrom("translationFiles as f")
        .leftJoin("translationCertificates as c", "c.translationFileId", "f.id")
        .select(["f.status", "f.translatedFileId", "c.certificateNo"])
        .where("f.orderId", "=", orderId)
        .execute();
      if (!files.some((file) => file.status === "completed" && file.translatedFileId && file.certificateNo)) {
        problems.push(`completed translation order ${order.reference} has no completed desk file with a certificate`);
      }
    }
  }
  return problems;
}

/** A client's invoices whose payments contradict their state: paid means nothing left to pay, open something left, void and draft nothing kept. */
async function invoiceProblems(clientId: string): Promise<string[]> {
  const rows = await appDb()
    .selectFrom("invoices as i")
    .select([
      "i.number",
      "i.status",
      "i.totalCents",
      sql<number>`coalesce((select sum(case when p.kind = 'payment' then p.amount_cents else -p.amount_cents end) from payments p where p.invoice_id = i.id), 0)`.as(
        "paid",
      ),
    ])
    .where("i.clientId", "=", clientId)
    .execute();
  const problems: string[] = [];
  for (const row of rows) {
    const paid = Number(row.paid);
    const fits = row.status === "paid" ? paid === row.totalCents : row.status === "open" ? paid >= 0 && paid < row.totalCents : paid === 0;
    if (!fits) problems.push(`invoice ${row.number ?? "(draft)"} is ${row.status} with ${paid} of ${row.totalCents} cents paid`);
  }
  return problems;
}
