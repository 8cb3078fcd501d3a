import { DateTime } from "luxon";
import { changeAppointmentStatus, createAppointment, findFreeSlots } from "~/features/appointments/index.server";
import {
  createInvoiceFromOrder,
  issueInvoice,
  voidInvoice,
  recordManualPayment,
  createInvoiceFromQuote,
  createQuote,
  sendQuote,
} from "~/features/billing/index.server";
import type { LineInput, ManualPaymentMethod } from "~/features/billing";
import { createReport } from "~/features/reports/index.server";
import { ORDER_RECORD_TYPE } from "~/features/service-orders/index.server";
import type { OrderStatus } from "~/features/service-orders";
import { createTask } from "~/features/tasks/index.server";
import type { TaskStatus } from "~/features/tasks";
import type { TranslationLanguage } from "~/features/translations";
import { changeTranslationStatus, createTranslationFile, uploadTranslatedFile } from "~/features/translations/index.server";
import type { DB } from "~/lib/db/connection.server";
import { newId, newReference } from "~/lib/ids.server";
import { storeFile } from "~/lib/storage.server";
import { demoUpload, type DemoDocument } from "./documents.server";

/**
 * A year of the firm, written through the areas' own functions (quotes, invoices, payments,
 * the translation desk, appointments, tasks, reports) and then dated: each record is made
 * as the office would have made it, and its timestamps are moved to the day it happened
 * (relative to today, in the office's zone). Orders are written here with their past
 * history: the orders area only makes new, pending ones.
 */

type ServiceKey = "tax_efiling" | "bookkeeping" | "translation" | "immigration" | "notary";
type Payment = { day: number; method: ManualPaymentMethod; cents?: number; reference?: string };
/** One invoice of an order: made (and issued) `day` days after the order, from its quote or its lines. */
type InvoicePlan = { day: number; lines?: LineInput[]; payments: Payment[]; refund?: { day: number; method: ManualPaymentMethod; reason: string } };
type TranslationPlan = { source: TranslationLanguage; target: TranslationLanguage; translated: DemoDocument; completedDay?: number; dueDay: number };

export type OrderStory = {
  client: string;
  service: ServiceKey;
  /** Created this many days before today. */
  daysAgo: number;
  details: string;
  /** The states after pending, each with the day (after creation) it was reached. */
  path: ReadonlyArray<readonly [OrderStatus, number]>;
  documents: DemoDocument[];
  /** The agreed price's lines: a quote when `quote` is set (its day: sent), else the order's price. */
  charge?: { lines: LineInput[]; quote?: { day: number; accepted: boolean; validDays?: number } };
  invoices?: InvoicePlan[];
  translation?: TranslationPlan;
};

export type AppointmentStory = {
  client: string;
  service: ServiceKey;
  daysFromToday: number;
  hour: number;
  status: "completed" | "no_show" | "cancelled" | "confirmed" | "requested";
  notes?: string;
};
export type TaskStory = {
  title: string;
  description: string;
  status: TaskStatus;
  dueInDays: number;
  createdDaysAgo: number;
  priority?: "low" | "normal" | "high";
  orderOf?: { client: string; service: ServiceKey };
  recurrence?: "monthly" | "quarterly";
};
export type ReportStory = { client: string; service: ServiceKey; title: string; body: string; daysAgo: number };

type Actor = { id: string; role: string; enabledFeatures: readonly string[] };
export type YearContext = {
  db: DB;
  timeZone: string;
  today: DateTime;
  staff: Actor;
  clients: Map<string, { id: string; locale: string }>;
  services: Map<string, { id: string; durationMinutes: number }>;
};

export type SeededOrder = { id: string; clientId: string; story: OrderStory };

/** `after` days past the day `daysAgo` days before today, at `hour` office time (so the day is the office's). */
function moment(context: YearContext, daysAgo: number, after = 0, hour = 10): DateTime {
  return context.today.minus({ days: daysAgo }).plus({ days: after }).set({ hour, minute: 0, second: 0, millisecond: 0 });
}
const iso = (time: DateTime) => time.toUTC().toISO()!;
const day = (time: DateTime) => time.toISODate()!;

/** Makes an order with its documents and its history up to its present state, dated. */
async function seedOrder(context: YearContext, story: OrderStory): Promise<SeededOrder> {
  const client = context.clients.get(story.client)!;
  const service = context.services.get(story.service)!;
  const id = newId();
  const createdAt = moment(context, story.daysAgo, 0, 9);
  const last = story.path.at(-1);
  const total = story.charge ? story.charge.lines.reduce((sum, line) => sum + line.unitCents * (line.quantity ?? 1), 0) : null;
  await context.db
    .insertInto("serviceOrders")
    .values({
      id,
      reference: newReference("SO"),
      clientId: client.id,
      serviceId: service.id,
      status: last?.[0] ?? "pending",
      details: story.details,
      assigneeId: context.staff.id,
      // The agreed price shows on the order once the client has accepted it (or was told it).
      priceCents: story.charge && (!story.charge.quote || story.charge.quote.accepted) ? total : null,
      createdAt: iso(createdAt),
      updatedAt: iso(last ? moment(context, story.daysAgo, last[1], 15) : createdAt),
    })
    .execute();
  const history = [{ from: null as OrderStatus | null, to: "pending" as OrderStatus, at: createdAt, by: client.id }];
  for (const [to, after] of story.path) history.push({ from: history.at(-1)!.to, to, at: moment(context, story.daysAgo, after, 15), by: context.staff.id });
  await context.db
    .insertInto("serviceOrderStatusHistory")
    .values(
      history.map((entry) => ({
        id: newId(),
        orderId: id,
        fromStatus: entry.from,
        toStatus: entry.to,
        changedBy: entry.by,
        note: null,
        createdAt: iso(entry.at),
      })),
    )
    .execute();
  for (const document of story.documents) {
    const stored = await storeFile(await demoUpload(document), { uploadedBy: client.id, recordType: ORDER_RECORD_TYPE, recordId: id });
    await context.db
      .updateTable("storedFiles")
      .set({ createdAt: iso(createdAt) })
      .where("id", "=", stored.id)
      .execute();
  }
  return { id, clientId: client.id, story };
}

/** The quote of an order: written and sent on its day; accepted with its invoice later (see seedInvoice). */
async function seedQuote(context: YearContext, order: SeededOrder): Promise<string | null> {
  const quote = order.story.charge?.quote;
  if (!quote) return null;
  const sentAt = moment(context, order.story.daysAgo, quote.day, 11);
  const validUntil = day(sentAt.plus({ days: quote.validDays ?? 30 }));
  // Written with no validity date (it may be past today), which is set with the quote's own dates.
  const { id } = await createQuote(context.staff, order.id, { lines: order.story.charge!.lines, validUntil: null, note: null });
  await sendQuote(context.staff, id);
  await context.db
    .updateTable("quotes")
    .set({ validUntil, createdAt: iso(sentAt), sentAt: iso(sentAt), updatedAt: iso(sentAt) })
    .where("id", "=", id)
    .execute();
  return id;
}

/** An order's invoice: from its accepted quote or its lines, issued on its day, paid (and refunded) as planned. */
async function seedInvoice(context: YearContext, order: SeededOrder, plan: InvoicePlan, quoteId: string | null): Promise<string> {
  const issuedAt = moment(context, order.story.daysAgo, plan.day, 14);
  const { id } = quoteId
    ? await createInvoiceFromQuote(context.staff, quoteId)
    : await createInvoiceFromOrder(context.staff, order.id, { lines: plan.lines ?? order.story.charge!.lines });
  if (quoteId)
    await context.db
      .updateTable("quotes")
      .set({ decidedAt: iso(issuedAt), updatedAt: iso(issuedAt) })
      .where("id", "=", quoteId)
      .execute();
  await issueInvoice(context.staff, id, { now: issuedAt.toJSDate(), notify: false, dueDate: day(issuedAt.plus({ days: 14 })) });
  await context.db
    .updateTable("invoices")
    .set({ createdAt: iso(issuedAt), updatedAt: iso(issuedAt) })
    .where("id", "=", id)
    .execute();
  await context.db
    .updateTable("invoiceEvents")
    .set({ createdAt: iso(issuedAt) })
    .where("invoiceId", "=", id)
    .execute();
  let paidCents = 0;
  for (const payment of plan.payments) {
    const at = moment(context, order.story.daysAgo, payment.day, 12);
    const total = (await context.db.selectFrom("invoices").select("totalCents").where("id", "=", id).executeTakeFirstOrThrow()).totalCents;
    const amountCents = payment.cents ?? total - paidCents;
    paidCents += amountCents;
    await recordPayment(context, id, { kind: "payment", amountCents, method: payment.method, reference: payment.reference ?? null, receivedOn: day(at) }, at);
  }
  if (plan.refund) {
    const at = moment(context, order.story.daysAgo, plan.refund.day, 12);
    await recordPayment(context, id, { kind: "refund", amountCents: paidCents, method: plan.refund.method, reference: null, receivedOn: day(at) }, at);
    await voidInvoice(context.staff, id, plan.refund.reason);
    await context.db
      .updateTable("invoices")
      .set({ voidedAt: iso(at), updatedAt: iso(at) })
      .where("id", "=", id)
      .execute();
    await context.db
      .updateTable("invoiceEvents")
      .set({ createdAt: iso(at.plus({ minutes: 5 })) })
      .where("invoiceId", "=", id)
      .where("type", "in", ["voided", "reopened"])
      .execute();
  }
  return id;
}

async function recordPayment(
  context: YearContext,
  invoiceId: string,
  input: { kind: "payment" | "refund"; amountCents: number; method: ManualPaymentMethod; reference: string | null; receivedOn: string },
  at: DateTime,
): Promise<void> {
  const { paymentId, status } = await recordManualPayment(context.staff, invoiceId, input);
  await context.db
    .updateTable("payments")
    .set({ createdAt: iso(at) })
    .where("id", "=", paymentId)
    .execute();
  // The events this payment added (payment or refund, paid or reopened) are the invoice's newest.
  await context.db
    .updateTable("invoiceEvents")
    .set({ createdAt: iso(at) })
    .where("invoiceId", "=", invoiceId)
    .where("type", "in", [input.kind, "paid", "reopened"])
    .where("createdAt", ">", iso(at))
    .execute();
  if (status === "paid")
    await context.db
      .updateTable("invoices")
      .set({ paidAt: iso(at), updatedAt: iso(at) })
      .where("id", "=", invoiceId)
      .execute();
}

/** The order's first document on the translation desk, linked to its client and order; translated and certified when planned. */
async function seedTranslation(context: YearContext, order: SeededOrder): Promise<void> {
  const plan = order.story.translation;
  const original = order.story.documents[0];
  if (!plan || !original) return;
  const receivedAt = moment(context, order.story.daysAgo, 1, 10);
  const { id } = await createTranslationFile(
    context.staff,
    {
      sourceLanguage: plan.source,
      targetLanguage: plan.target,
      clientId: order.clientId,
      orderId: order.id,
      assigneeId: context.staff.id,
      dueDate: day(moment(context, order.story.daysAgo, plan.dueDay)),
    },
    await demoUpload(original),
  );
  await changeTranslationStatus(context.staff, id, "processing");
  const times = new Map<string, DateTime>([
    ["pending", receivedAt],
    ["processing", receivedAt.plus({ hours: 2 })],
  ]);
  if (plan.completedDay !== undefined) {
    const completedAt = moment(context, order.story.daysAgo, plan.completedDay, 16);
    times.set("completed", completedAt);
    await uploadTranslatedFile(context.staff, id, await demoUpload(plan.translated), { complete: true });
    await context.db
      .updateTable("translationFileVersions")
      .set({ createdAt: iso(completedAt) })
      .where("fileId", "=", id)
      .execute();
    await context.db
      .updateTable("translationCertificates")
      .set({ issuedAt: iso(completedAt) })
      .where("translationFileId", "=", id)
      .execute();
  }
  const completedAt = times.get("completed");
  await context.db
    .updateTable("translationFiles")
    .set({ createdAt: iso(receivedAt), updatedAt: iso(completedAt ?? times.get("processing")!), completedAt: completedAt ? iso(completedAt) : null })
    .where("id", "=", id)
    .execute();
  for (const [status, at] of times)
    await context.db
      .updateTable("translationFileStatusHistory")
      .set({ createdAt: iso(at) })
      .where("fileId", "=", id)
      .where("toStatus", "=", status)
      .execute();
  await context.db
    .updateTable("storedFiles")
    .set({ createdAt: iso(receivedAt) })
    .where("recordType", "=", "translation")
    .where("recordId", "=", id)
    .execute();
}

/** Every order of the stories, oldest first; invoices in the order they were issued, so their numbers follow their dates. */
export async function seedOrders(context: YearContext, stories: readonly OrderStory[]): Promise<SeededOrder[]> {
  const sorted = [...stories].sort((a, b) => b.daysAgo - a.daysAgo);
  const orders: SeededOrder[] = [];
  const quotes = new Map<string, string | null>();
  for (const story of sorted) {
    const order = await seedOrder(context, story);
    orders.push(order);
    quotes.set(order.id, await seedQuote(context, order));
    await seedTranslation(context, order);
  }
  const invoices = orders.flatMap((order) => (order.story.invoices ?? []).map((plan, index) => ({ order, plan, index, at: order.story.daysAgo - plan.day })));
  invoices.sort((a, b) => b.at - a.at);
  for (const { order, plan, index } of invoices) await seedInvoice(context, order, plan, index === 0 ? (quotes.get(order.id) ?? null) : null);
  return orders;
}

/**
 * An appointment booked through the appointments area as it was booked: a week before (the
 * slot free and offered then), confirmed, and for a past one its outcome after it took place.
 */
export async function seedAppointment(context: YearContext, story: AppointmentStory): Promise<string | null> {
  const client = context.clients.get(story.client)!;
  const service = context.services.get(story.service)!;
  const wanted = context.today.plus({ days: story.daysFromToday });
  const bookedAt = (story.daysFromToday > 0 ? context.today.minus({ days: 2 }) : wanted.minus({ days: 7 })).set({ hour: 9 });
  const local = (startsAt: string) => DateTime.fromISO(startsAt, { zone: context.timeZone });
  // The wanted weekday, else the next open one: one day at a time (a day's slots are quick to work out, a fortnight's are not).
  let slot: { startsAt: string } | undefined;
  for (let offset = 0; !slot && offset < 14; offset += 1) {
    if (wanted.plus({ days: offset }).weekday > 5) continue;
    const date = day(wanted.plus({ days: offset }));
    const { slots } = await findFreeSlots({ durationMinutes: service.durationMinutes, from: date, to: date, now: bookedAt.toJSDate() });
    slot = slots.find((candidate) => local(candidate.startsAt).hour === story.hour && local(candidate.startsAt).minute === 0) ?? slots[0];
  }
  if (!slot) return null;
  const clientActor = { id: client.id, role: "client" };
  const booked = await createAppointment(clientActor, {
    service: service.id,
    startsAt: slot.startsAt,
    notes: story.notes ?? null,
    timeZone: context.timeZone,
    now: bookedAt.toJSDate(),
  });
  const confirmedAt = bookedAt.plus({ hours: 3 });
  const times = new Map<string, DateTime>([["requested", bookedAt]]);
  if (story.status !== "requested") {
    times.set("confirmed", confirmedAt);
    await changeAppointmentStatus(context.staff, booked.id, "confirmed", null, confirmedAt.toJSDate());
  }
  if (story.status === "completed" || story.status === "no_show" || story.status === "cancelled") {
    const outcomeAt = story.status === "cancelled" ? confirmedAt.plus({ days: 2 }) : local(slot.startsAt).plus({ hours: 2 });
    times.set(story.status, outcomeAt);
    await changeAppointmentStatus(story.status === "cancelled" ? clientActor : context.staff, booked.id, story.status, null, outcomeAt.toJSDate());
  }
  const latest = [...times.values()].at(-1)!;
  await context.db
    .updateTable("appointments")
    .set({ createdAt: iso(bookedAt), updatedAt: iso(latest) })
    .where("id", "=", booked.id)
    .execute();
  for (const [status, at] of times)
    await context.db
      .updateTable("appointmentStatusHistory")
      .set({ createdAt: iso(at) })
      .where("appointmentId", "=", booked.id)
      .where("toStatus", "=", status)
      .execute();
  return booked.id;
}

/** A task of the office, made through the tasks area and dated. */
export async function seedTask(context: YearContext, story: TaskStory, orders: readonly SeededOrder[]): Promise<string> {
  const order =
    story.orderOf && orders.find((candidate) => candidate.story.client === story.orderOf!.client && candidate.story.service === story.orderOf!.service);
  const { id } = await createTask(context.staff, {
    title: story.title,
    description: story.description,
    status: story.status,
    priority: story.priority ?? "normal",
    assigneeId: context.staff.id,
    dueDate: day(context.today.plus({ days: story.dueInDays })),
    recurrence: story.recurrence ?? null,
    orderId: order?.id ?? null,
  });
  const createdAt = moment(context, story.createdDaysAgo, 0, 9);
  const completedAt = story.status === "done" ? iso(context.today.plus({ days: Math.min(story.dueInDays, 0) }).set({ hour: 15, minute: 0 })) : null;
  await context.db
    .updateTable("tasks")
    .set({ createdAt: iso(createdAt), updatedAt: completedAt ?? iso(createdAt), completedAt })
    .where("id", "=", id)
    .execute();
  return id;
}

/** A report about one of the client's orders (found by its service), dated. */
export async function seedReport(context: YearContext, story: ReportStory, orders: readonly SeededOrder[]): Promise<{ id: string; serviceKey: string }> {
  const client = context.clients.get(story.client)!;
  const order = orders.find((candidate) => candidate.clientId === client.id && candidate.story.service === story.service);
  const { id } = await createReport(context.staff, { clientId: client.id, orderId: order?.id ?? null, title: story.title, body: story.body }, []);
  const at = iso(moment(context, story.daysAgo, 0, 16));
  await context.db.updateTable("reports").set({ createdAt: at, updatedAt: at }).where("id", "=", id).execute();
  return { id, serviceKey: story.service };
}
