import { beforeAll, expect, it } from "vitest";
import { updateAvailabilitySettings } from "~/features/availability/availability.server";
import { findFreeSlots } from "~/features/appointments/free-slots.server";
import { changeAppointmentStatus, createAppointment, rescheduleAppointment } from "~/features/appointments/appointments.server";
import { recordManualPayment, recordProviderTransaction } from "~/features/billing/payments.server";
import { acceptQuote, createQuote, sendQuote } from "~/features/billing/quotes.server";
import { seedPublicContent } from "~/features/content/seed.server";
import { countUnread } from "~/features/notifications/notifications.server";
import { createReport, submitFeedback } from "~/features/reports/reports.server";
import { changeOrderStatus, createOrder, updateOrder } from "~/features/service-orders/service-orders.server";
import { describeEachDialect } from "../setup/database";
import { makeCast, type Cast } from "../support/factories";
import { readMails } from "../support/mail";

/**
 * Nobody is notified of what they did themselves: each client action leaves the client's bell
 * as it was (the e-mail receipt still goes out), and the staff who should know are told.
 */
describeEachDialect("notifications: never of one's own action", (db) => {
  let cast: Cast;
  let slots: string[] = [];
  const as = (user: { id: string; role: string }) => ({ id: user.id, role: user.role });
  const mailsTo = (address: string) => readMails(process.env.DATA_DIR!).filter((mail) => mail.to === address).length;
  const unread = async () => ({ client: await countUnread(cast.clientA.id), admin: await countUnread(cast.admin.id), owner: await countUnread(cast.owner.id) });

  beforeAll(async () => {
    await seedPublicContent(db());
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
    const today = new Date().toISOString().slice(0, 10);
    const later = new Date(Date.now() + 20 * 86_400_000).toISOString().slice(0, 10);
    slots = (await findFreeSlots({ durationMinutes: 30, from: today, to: later })).slots
      .map((slot) => slot.startsAt)
      .filter((_, index) => index % 2 === 0)
      .slice(5);
  });

  it("booking, rescheduling and cancelling an appointment: the client gets the e-mails, not the bell", async () => {
    const before = await unread();
    const mails = mailsTo(cast.clientA.email);
    const client = as(cast.clientA);
    const appointment = await createAppointment(client, { service: "notary", startsAt: slots[0]! });
    await rescheduleAppointment(client, appointment.id, slots[2]!);
    await changeAppointmentStatus(client, appointment.id, "cancelled");
    expect(await countUnread(cast.clientA.id)).toBe(before.client);
    expect(mailsTo(cast.clientA.email)).toBe(mails + 3);

    // Done by staff, the same events still reach the client's bell.
    const booked = await createAppointment(client, { service: "notary", startsAt: slots[4]! });
    await changeAppointmentStatus(as(cast.admin), booked.id, "confirmed");
    expect(await countUnread(cast.clientA.id)).toBe(before.client + 1);
  });

  it("ordering, cancelling, accepting a quote, paying online and giving feedback: staff are told, the client's bell stays", async () => {
    const client = as(cast.clientA);
    const admin = as(cast.admin);
    const before = await unread();

    const order = await createOrder(client, { service: "translation", details: "Translate my diploma." }, [], "en");
    expect(await unread()).toEqual({ client: before.client, admin: before.admin + 1, owner: before.owner + 1 });

    await updateOrder(admin, order.id, { assigneeId: cast.admin.id, priceCents: 5_000 });
    const quote = await createQuote(admin, order.id, { lines: [{ kind: "item", description: "Translation", quantity: 1, unitCents: 5_000 }] });
    await sendQuote(admin, quote.id);
    const sent = await countUnread(cast.clientA.id);
    expect(sent).toBe(before.client + 1);

    const receipts = mailsTo(cast.clientA.email);
    const { invoiceId } = await acceptQuote(client, quote.id);
    await recordProviderTransaction({ invoiceId, kind: "payment", amountCents: 2_000, provider: "stripe", externalId: `pi_self_${order.id}` });
    expect(await countUnread(cast.clientA.id)).toBe(sent);
    // The invoice to pay and the payment's receipt still arrive by e-mail.
    expect(mailsTo(cast.clientA.email)).toBe(receipts + 2);

    // A payment staff record is news to the client.
    await recordManualPayment(admin, invoiceId, { kind: "payment", amountCents: 1_000, method: "cash" });
    expect(await countUnread(cast.clientA.id)).toBe(sent + 1);

    const report = await createReport(admin, { clientId: cast.clientA.id, orderId: order.id, title: "Done", body: "Translated." }, []);
    const reported = await unread();
    await submitFeedback(client, report.id, { rating: 5, comment: "Thank you" });
    expect(await unread()).toEqual({ ...reported, admin: reported.admin + 1 });

    const second = await createOrder(client, { service: "notary", details: "A power of attorney." }, [], "en");
    await updateOrder(admin, second.id, { assigneeId: cast.admin.id });
    const ordered = await unread();
    await changeOrderStatus(client, second.id, "cancelled");
    expect(await unread()).toEqual({ ...ordered, admin: ordered.admin + 1 });
  });
});
