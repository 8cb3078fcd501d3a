import { DateTime } from "luxon";
import { hashPassword } from "~/features/auth/password.server";
import { formatWhen } from "~/features/appointments/appointments.server";
import { getAvailabilitySettings } from "~/features/availability/availability.server";
import { holdStartsFor } from "~/features/availability/slots";
import { insertUser } from "~/features/users/users.server";
import type { DB } from "~/lib/db/connection.server";
import { toJson } from "~/lib/db/connection.server";
import { newId, newReference, nowIso } from "~/lib/ids.server";

/** CONTRACT.md "Demo accounts". */
export const DEMO_ACCOUNTS = [
  { email: "owner@demo.test", role: "owner", fullName: "Nadia Haddad", locale: "en" },
  { email: "admin@demo.test", role: "admin", fullName: "Marc Dubois", locale: "fr" },
  { email: "client@demo.test", role: "client", fullName: "Omar Khalil", locale: "en" },
  { email: "client2@demo.test", role: "client", fullName: "Sophie Martin", locale: "fr" },
] as const;

type ServiceRow = { id: string; key: string; durationMinutes: number };

/**
 * Makes sure the demo accounts exist, each client with a few realistic records.
 * Idempotent: an existing account is left as it is (its password too).
 */
export async function seedDemoAccounts(db: DB, password: string): Promise<void> {
  const passwordHash = await hashPassword(password);
  const services = await db.selectFrom("services").select(["id", "key", "durationMinutes"]).execute();
  const byKey = new Map(services.map((service) => [service.key, service]));
  const staff = { owner: "", admin: "" };

  for (const account of DEMO_ACCOUNTS) {
    const existing = await db.selectFrom("users").select("id").where("email", "=", account.email).executeTakeFirst();
    if (existing) {
      if (account.role === "owner" || account.role === "admin") staff[account.role] = existing.id;
      continue;
    }
    const id = await insertUser({ email: account.email, passwordHash, role: account.role, fullName: account.fullName, locale: account.locale, emailVerifiedAt: nowIso() }, db);
    if (account.role === "owner" || account.role === "admin") staff[account.role] = id;
    else await seedClientRecords(db, id, account.locale, account.email === "client@demo.test" ? 0 : 1, byKey, staff.admin || staff.owner || null);
  }
}

async function seedClientRecords(
  db: DB,
  clientId: string,
  locale: string,
  variant: number,
  services: Map<string, ServiceRow>,
  staffId: string | null,
): Promise<void> {
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
  const orderIds: string[] = [];
  for (const order of orders) {
    const id = newId();
    orderIds.push(id);
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

  // One upcoming appointment on a weekday morning, aligned to the slot grid.
  let day = now.setZone("America/Detroit").plus({ days: 3 + variant }).set({ hour: 10 + variant, minute: 0, second: 0, millisecond: 0 });
  while (day.weekday > 5) day = day.plus({ days: 1 });
  const service = pick(variant === 0 ? "tax_efiling" : "bookkeeping");
  const startsAt = day.toUTC().toISO()!;
  const appointmentId = newId();
  const appointmentReference = newReference("AP");
  await db
    .insertInto("appointments")
    .values({
      id: appointmentId,
      reference: appointmentReference,
      clientId,
      serviceId: service.id,
      orderId: orderIds[0] ?? null,
      startsAt,
      endsAt: day.plus({ minutes: service.durationMinutes }).toUTC().toISO()!,
      status: "confirmed",
      notes: variant === 0 ? "Bring last year's return and photo ID." : null,
      clientTimeZone: "America/Detroit",
    })
    .execute();
  const rules = await getAvailabilitySettings();
  await db
    .insertInto("appointmentSlotHolds")
    .values(holdStartsFor(startsAt, service.durationMinutes, rules).map((slotStart) => ({ slotStart, appointmentId })))
    .execute();
  await db
    .insertInto("appointmentStatusHistory")
    .values([
      { id: newId(), appointmentId, fromStatus: null, toStatus: "requested", changedBy: clientId, note: null },
      { id: newId(), appointmentId, fromStatus: "requested", toStatus: "confirmed", changedBy: staffId, note: null },
    ])
    .execute();

  const reportId = newId();
  await db
    .insertInto("reports")
    .values({
      id: reportId,
      clientId,
      orderId: orderIds[1] ?? orderIds[0] ?? null,
      title: variant === 0 ? "Translation delivered: birth certificate" : "October bookkeeping: missing statements",
      bodyMarkdown:
        variant === 0
          ? "Your certified translation is complete.\n\n- One page, Arabic → English\n- Certificate of accuracy attached\n\nUSCIS accepts this translation together with a copy of the original."
          : "We reconciled September. To close **October** we still need:\n\n1. Bank statement (checking)\n2. Card processor statement\n\nPlease upload them to the order.",
      createdBy: staffId,
    })
    .execute();

  const reportTitle = variant === 0 ? "Translation delivered: birth certificate" : "October bookkeeping: missing statements";
  const serviceTitle = await db
    .selectFrom("serviceTranslations")
    .select("title")
    .where("serviceId", "=", service.id)
    .where("locale", "=", locale)
    .executeTakeFirst();
  // The same keys and parameters the reports and appointments areas use.
  await db
    .insertInto("notifications")
    .values([
      {
        id: newId(),
        userId: clientId,
        type: "report.created",
        titleKey: "reports:notifications.created.title",
        bodyKey: "reports:notifications.created.body",
        params: toJson({ title: reportTitle }),
        link: `/client/reports/${reportId}`,
      },
      {
        id: newId(),
        userId: clientId,
        type: "appointment.confirmed",
        titleKey: "appointments:notifications.confirmed.title",
        bodyKey: "appointments:notifications.confirmed.body",
        params: toJson({ service: serviceTitle?.title ?? service.key, when: formatWhen(startsAt, locale, rules.timeZone), reference: appointmentReference }),
        link: `/client/appointments/${appointmentId}`,
      },
    ])
    .execute();
}
