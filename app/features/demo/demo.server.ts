import { DateTime } from "luxon";
import { hashPassword } from "~/features/auth/password.server";
import { ensureTwoFactorWithSecret } from "~/features/auth/two-factor.server";
import { changeAppointmentStatus, createAppointment, getAppointment } from "~/features/appointments/appointments.server";
import { findFreeSlots, getAvailabilitySettings, listClosedDays, seedFederalHolidays } from "~/features/availability/availability.server";
import { federalHolidayClosures } from "~/features/availability/holidays";
import { createContactMessage } from "~/features/inbox/inbox.server";
import { createReport, getReport } from "~/features/reports/reports.server";
import { getOrder } from "~/features/service-orders/service-orders.server";
import { insertUser } from "~/features/users/users.server";
import type { DB } from "~/lib/db/connection.server";
import { env } from "~/lib/env.server";
import { logger } from "~/lib/logger.server";
import { newId, newReference, nowIso } from "~/lib/ids.server";

/** CONTRACT.md "Demo accounts". */
export const DEMO_ACCOUNTS = [
  { email: "owner@demo.test", role: "owner", fullName: "Nadia Haddad", locale: "en" },
  { email: "admin@demo.test", role: "admin", fullName: "Marc Dubois", locale: "fr" },
  { email: "client@demo.test", role: "client", fullName: "Omar Khalil", locale: "en" },
  { email: "client2@demo.test", role: "client", fullName: "Sophie Martin", locale: "fr" },
] as const;

type ServiceRow = { id: string; key: string; durationMinutes: number };

/** What one run of the seeder made, for its consistency checks. */
export type DemoSeedResult = {
  /** Closed days added for the federal holidays. */
  holidaysAdded: number;
  /** The records made for new demo clients. */
  clients: SeededClient[];
  /** What demoConsistencyProblems found in them (empty when the demo data is coherent). */
  problems: string[];
};

type SeededClient = { clientId: string; reports: Array<{ id: string; serviceKey: string | null }>; appointmentIds: string[] };

/**
 * Makes sure the demo accounts exist, each client with a few realistic records, and that
 * the office is closed on the US federal holidays of this year and the next (for each
 * year that has no closed day yet). Idempotent: an existing account is left as it is
 * (its password too). The records of new clients are made through their areas'
 * functions where those exist (appointments, reports, notifications), then checked.
 * The demo owner and admin have two-factor sign-in with `totpSecret` (DEMO_TOTP_SECRET), so
 * that outside test suites can compute their codes; one that already has two-factor keeps it.
 */
export async function seedDemoAccounts(db: DB, password: string, totpSecret: string = env().demoTotpSecret): Promise<DemoSeedResult> {
  const passwordHash = await hashPassword(password);
  const services = await db.selectFrom("services").select(["id", "key", "durationMinutes"]).execute();
  const byKey = new Map(services.map((service) => [service.key, service]));
  const staff = { owner: "", admin: "" };
  const officeYear = DateTime.now().setZone((await getAvailabilitySettings()).timeZone).year;
  const holidayYears = [officeYear, officeYear + 1];
  const holidaysAdded = await seedFederalHolidays(holidayYears);
  const seeded: SeededClient[] = [];

  for (const account of DEMO_ACCOUNTS) {
    const existing = await db.selectFrom("users").select("id").where("email", "=", account.email).executeTakeFirst();
    if (existing) {
      if (account.role === "owner" || account.role === "admin") staff[account.role] = existing.id;
      continue;
    }
    const id = await insertUser({ email: account.email, passwordHash, role: account.role, fullName: account.fullName, locale: account.locale, emailVerifiedAt: nowIso() }, db);
    if (account.role === "owner" || account.role === "admin") staff[account.role] = id;
    else seeded.push(await seedClientRecords(db, id, account.email === "client@demo.test" ? 0 : 1, byKey, staff.admin || staff.owner));
  }
  for (const staffId of [staff.owner, staff.admin]) if (staffId) await ensureTwoFactorWithSecret(db, staffId, totpSecret);
  if (seeded.length > 0) await seedDemoContactMessage();
  const staffActor = { id: staff.admin || staff.owner, role: "admin" };
  const problems = staffActor.id ? await demoConsistencyProblems(seeded, staffActor, holidaysAdded > 0 ? holidayYears : []) : [];
  if (problems.length > 0) logger.warn({ problems }, "demo data is not consistent");
  return { holidaysAdded, clients: seeded, problems };
}

/** The start-up's demo step: nothing unless SEED_DEMO=true (CONTRACT.md "Demo accounts"). */
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

type DemoReport = { serviceKey: string; title: string; body: string };

/**
 * Each demo report is about one of the client's orders, found by its service: a
 * translation report belongs to the translation order, a bookkeeping report to the
 * bookkeeping order. No report says a file is attached (none is).
 */
const DEMO_REPORTS: Record<0 | 1, DemoReport> = {
  0: {
    serviceKey: "translation",
    title: "Translation delivered: birth certificate",
    body: "Your certified translation is complete.\n\n- One page, Arabic → English\n- Signed certificate of accuracy on the translation's last page\n\nThe signed paper copy is ready to collect at the office. USCIS accepts this translation together with a copy of the original.",
  },
  1: {
    serviceKey: "bookkeeping",
    title: "October bookkeeping: missing statements",
    body: "We reconciled September. To close **October** we still need:\n\n1. Bank statement (checking)\n2. Card processor statement\n\nPlease upload them to the order.",
  },
};

async function seedClientRecords(db: DB, clientId: string, variant: 0 | 1, services: Map<string, ServiceRow>, staffId: string): Promise<SeededClient> {
  const pick = (key: string) => services.get(key) ?? [...services.values()][0]!;
  const now = DateTime.utc();
  const orders =
    variant === 0
      ? [
          { service: pick("tax_efiling"), status: "in_progress", details: "2025 federal and Michigan returns, married filing jointly. W-2s from two employers, one 1099-INT.", daysAgo: 12 },
          { service: pick("translation"), status: "completed", details: "Certified translation of a birth certificate from Arabic into English for a USCIS filing.", daysAgo: 40 },
          { service: pick("notary"), status: "pending", details: "Notarisation of a power of attorney (two signers).", daysAgo: 1 },
        ]
      : [
          { service: pick("bookkeeping"), status: "waiting_for_client", details: "Monthly bookkeeping for a small bakery: bank and card statements for October are missing.", daysAgo: 20 },
          { service: pick("translation"), status: "in_review", details: "French diploma and transcript into English for a credential evaluation.", daysAgo: 3 },
        ];
  // Orders are written here with their past dates and history (the orders area makes new orders only).
  const orderIdByService = new Map<string, string>();
  for (const order of orders) {
    const id = newId();
    orderIdByService.set(order.service.key, id);
    const createdAt = now.minus({ days: order.daysAgo }).toISO()!;
    await db
      .insertInto("serviceOrders")
      .values({
        id,
        reference: newReference("SO"),
        clientId,
        serviceId: order.service.id,
        status: order.status,
        details: order.details,
        assigneeId: staffId,
        createdAt,
        updatedAt: createdAt,
      })
      .execute();
    await db
      .insertInto("serviceOrderStatusHistory")
      .values({ id: newId(), orderId: id, fromStatus: null, toStatus: "pending", changedBy: clientId, note: null, createdAt })
      .execute();
    if (order.status !== "pending") {
      await db
        .insertInto("serviceOrderStatusHistory")
        .values({ id: newId(), orderId: id, fromStatus: "pending", toStatus: order.status, changedBy: staffId, note: null, createdAt: now.minus({ days: Math.max(0, order.daysAgo - 1) }).toISO()! })
        .execute();
    }
  }

  const client = { id: clientId, role: "client" };
  const staff = { id: staffId, role: "admin" };
  const appointmentIds: string[] = [];
  const appointmentService = pick(variant === 0 ? "tax_efiling" : "bookkeeping");
  const startsAt = await demoAppointmentStart(appointmentService.durationMinutes, variant);
  if (startsAt) {
    // Booked and confirmed through the appointments area: a free slot, its holds, history and the client's messages.
    const booked = await createAppointment(client, {
      service: appointmentService.id,
      startsAt,
      notes: variant === 0 ? "Bring last year's return and photo ID." : null,
      timeZone: "America/Detroit",
    });
    await changeAppointmentStatus(staff, booked.id, "confirmed");
    appointmentIds.push(booked.id);
  }

  const report = DEMO_REPORTS[variant];
  const { id: reportId } = await createReport(staff, { clientId, orderId: orderIdByService.get(report.serviceKey) ?? null, title: report.title, body: report.body }, []);
  return { clientId, reports: [{ id: reportId, serviceKey: report.serviceKey }], appointmentIds };
}

/**
 * A free weekday-morning time a few days ahead (10:00 office time for the first client,
 * 11:00 for the second, else the next free start): never on a closed day or a holiday.
 */
async function demoAppointmentStart(durationMinutes: number, variant: 0 | 1): Promise<string | null> {
  const { timeZone } = await getAvailabilitySettings();
  const today = DateTime.now().setZone(timeZone);
  const { slots } = await findFreeSlots({
    durationMinutes,
    from: today.plus({ days: 3 + variant }).toISODate()!,
    to: today.plus({ days: 40 }).toISODate()!,
  });
  const local = (iso: string) => DateTime.fromISO(iso, { zone: timeZone });
  const morning = slots.find((slot) => local(slot.startsAt).weekday <= 5 && local(slot.startsAt).hour === 10 + variant && local(slot.startsAt).minute === 0);
  return (morning ?? slots[0])?.startsAt ?? null;
}

/**
 * The seeder's own checks of what it made: every report about an order is about an order
 * of the same client and of the report's service; no report says something is attached
 * without a file; every appointment is on an open day, at a time the office offers; and
 * the federal holidays of the seeded years are closed days.
 */
export async function demoConsistencyProblems(seeded: SeededClient[], staff: { id: string; role: string }, holidayYears: readonly number[]): Promise<string[]> {
  const problems: string[] = [];
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
    for (const id of client.appointmentIds) {
      const appointment = await getAppointment(staff, id);
      const { timeZone } = await getAvailabilitySettings();
      const day = DateTime.fromISO(appointment.startsAt, { zone: timeZone }).toISODate()!;
      const [closed] = await listClosedDays({ from: day, limit: 1 });
      if (closed?.day === day) problems.push(`appointment ${appointment.reference} is on a closed day (${day})`);
      const offered = await findFreeSlots({ durationMinutes: appointment.durationMinutes, from: day, to: day, ignoreAppointmentId: id });
      if (!offered.slots.some((slot) => slot.startsAt === appointment.startsAt)) problems.push(`appointment ${appointment.reference} is not at a time the office offers`);
    }
  }
  for (const year of holidayYears) {
    const wanted = federalHolidayClosures(year);
    const closed = new Set((await listClosedDays({ from: wanted[0]!.day, limit: 400 })).map((row) => row.day));
    for (const { day, reason } of wanted) if (!closed.has(day)) problems.push(`${reason} ${day} is not a closed day`);
  }
  return problems;
}
