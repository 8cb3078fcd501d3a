import { absoluteUrl, defineEmailTemplate, sendTemplatedEmail, type EmailTemplate, type TemplateValues } from "~/features/email/index.server";
import { notify } from "~/core/notify.server";
import { findRecipient } from "~/core/identity/directory.server";
import { viewerTimeZone } from "~/core/office/time-zone.server";
import { db } from "~/lib/db/db.server";
import { createFormatter } from "~/lib/format";
import { getFixedT } from "~/lib/i18n/i18n.server";
import { fallbackLanguage, isLanguage } from "~/lib/i18n/config";

/**
 * What the client is told about their invoices, as a notification and an e-mail in their
 * language (strings: billing.json `notifications.*` and `email.*`). Amounts are formatted
 * in the recipient's language; links go to the client's invoice page.
 */
export const invoiceIssuedEmail = defineEmailTemplate({
  namespace: "billing",
  name: "invoiceIssued",
  variables: ["name", "number", "amount", "dueDate"] as const,
  sample: { name: "Maria Lopez", number: "2026-0007", amount: "$250.00", dueDate: "December 15, 2026" },
  hasAction: true,
});

export const paymentReceivedEmail = defineEmailTemplate({
  namespace: "billing",
  name: "paymentReceived",
  variables: ["name", "number", "amount", "method", "date", "balance"] as const,
  sample: { name: "Maria Lopez", number: "2026-0007", amount: "$250.00", method: "Card (online)", date: "November 24, 2026", balance: "$0.00" },
  hasAction: true,
});

export const paymentFailedEmail = defineEmailTemplate({
  namespace: "billing",
  name: "paymentFailed",
  variables: ["name", "number", "amount"] as const,
  sample: { name: "Maria Lopez", number: "2026-0007", amount: "$250.00" },
  hasAction: true,
});

export const clientInvoicePath = (invoiceId: string) => `/client/invoices/${invoiceId}`;
export const staffInvoicePath = (invoiceId: string) => `/dashboard/invoices/${invoiceId}`;

async function recipientContext(clientId: string | null) {
  if (!clientId) return null;
  const client = await findRecipient(clientId);
  if (!client) return null;
  const language = isLanguage(client.locale) ? client.locale : fallbackLanguage;
  const timeZone = await viewerTimeZone(client);
  return { client, language, format: createFormatter(language, timeZone), t: await getFixedT(language, "billing") };
}

async function invoiceMoney(invoiceId: string) {
  const invoice = await db().selectFrom("invoices").selectAll().where("id", "=", invoiceId).executeTakeFirstOrThrow();
  const paid = await db()
    .selectFrom("payments")
    .select((eb) =>
      eb.fn
        .sum<number>(
          eb
            .case()
            .when("kind", "=", "payment")
            .then(eb.ref("amountCents"))
            .else(eb.neg(eb.ref("amountCents")))
            .end(),
        )
        .as("net"),
    )
    .where("invoiceId", "=", invoiceId)
    .executeTakeFirst();
  return { invoice, balanceCents: invoice.totalCents - Number(paid?.net ?? 0) };
}

/**
 * Tells a client about one of their invoices: a notification (`billing:notifications.<key>`, with
 * the invoice's number and the amount) and the template's e-mail, both linking to the invoice.
 */
async function tellClient<Variable extends string>(
  context: NonNullable<Awaited<ReturnType<typeof recipientContext>>>,
  invoice: { id: string; number: string | null },
  message: { type: string; key: string; amount: string; email: EmailTemplate<Variable>; values: TemplateValues<Variable>; actorId: string | null },
): Promise<void> {
  const link = clientInvoicePath(invoice.id);
  await notify({
    userId: context.client.id,
    actorId: message.actorId,
    type: message.type,
    titleKey: `billing:notifications.${message.key}.title`,
    bodyKey: `billing:notifications.${message.key}.body`,
    params: { number: invoice.number ?? "", amount: message.amount },
    link,
  });
  await sendTemplatedEmail(message.email, { to: context.client.email, language: context.language, values: message.values, actionUrl: absoluteUrl(link) });
}

/** An invoice was issued: the client gets a notification (unless the client's own acceptance issued it) and an e-mail with a link to pay it. */
export async function tellInvoiceIssued(invoiceId: string, actorId: string): Promise<void> {
  const { invoice, balanceCents } = await invoiceMoney(invoiceId);
  const context = await recipientContext(invoice.clientId);
  if (!context) return;
  const amount = context.format.money(balanceCents, invoice.currency);
  await tellClient(context, invoice, {
    type: "invoice.issued",
    key: "invoiceIssued",
    amount,
    actorId,
    email: invoiceIssuedEmail,
    values: {
      name: context.client.fullName,
      number: invoice.number ?? "",
      amount,
      dueDate: invoice.dueDate ? context.format.day(invoice.dueDate) : context.t("email.noDueDate"),
    },
  });
}

/** A payment was recorded: the client's receipt (e-mail, and a notification unless the client paid online). */
export async function tellPaymentReceived(paymentId: string): Promise<void> {
  const payment = await db().selectFrom("payments").selectAll().where("id", "=", paymentId).executeTakeFirst();
  if (!payment || payment.kind !== "payment") return;
  const { invoice, balanceCents } = await invoiceMoney(payment.invoiceId);
  const context = await recipientContext(invoice.clientId);
  if (!context) return;
  const amount = context.format.money(payment.amountCents, invoice.currency);
  await tellClient(context, invoice, {
    type: "invoice.payment_received",
    key: "paymentReceived",
    amount,
    // Recorded by nobody: the client paid online.
    actorId: payment.recordedBy ?? payment.clientId,
    email: paymentReceivedEmail,
    values: {
      name: context.client.fullName,
      number: invoice.number ?? "",
      amount,
      method: context.t(`method.${payment.method}`),
      date: context.format.date(payment.receivedAt),
      balance: context.format.money(Math.max(0, balanceCents), invoice.currency),
    },
  });
}

/** An online payment failed: the client is told, with a link back to the invoice to try again. */
export async function tellPaymentFailed(invoiceId: string, amountCents: number): Promise<void> {
  const { invoice } = await invoiceMoney(invoiceId);
  const context = await recipientContext(invoice.clientId);
  if (!context) return;
  const amount = context.format.money(amountCents, invoice.currency);
  await tellClient(context, invoice, {
    type: "invoice.payment_failed",
    key: "paymentFailed",
    amount,
    actorId: null,
    email: paymentFailedEmail,
    values: { name: context.client.fullName, number: invoice.number ?? "", amount },
  });
}

/** A quote was sent: the client is told (notification) with a link to accept or decline it. */
export async function tellQuoteSent(quote: { id: string; reference: string; clientId: string; orderId: string; totalCents: number }): Promise<void> {
  const context = await recipientContext(quote.clientId);
  if (!context) return;
  await notify({
    userId: quote.clientId,
    type: "quote.sent",
    titleKey: "billing:notifications.quoteSent.title",
    bodyKey: "billing:notifications.quoteSent.body",
    params: { reference: quote.reference, amount: context.format.money(quote.totalCents) },
    link: `/client/service-orders/${quote.orderId}`,
  });
}
