import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireUser } from "~/core/identity/guards.server";
import { getOfficeTimeZone } from "~/core/office/time-zone.server";
import { getInvoice, renderInvoicePdf } from "~/features/billing/index.server";
import { getFirm } from "~/core/office/firm.server";
import { findRecipient } from "~/core/identity/directory.server";
import { fallbackLanguage, isLanguage } from "~/lib/i18n/config";
import { invariantResponse, loadOrNotFound } from "~/lib/http.server";

/**
 * GET /resources/invoices/{id}.pdf: an issued invoice as a PDF in its client's language (the
 * client's own, or any for staff; someone else's is the same 404 as one that does not exist).
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const file = params.file ?? "";
  invariantResponse(file.endsWith(".pdf"), "Not Found");
  const invoice = await loadOrNotFound(getInvoice(user, file.slice(0, -".pdf".length)));
  invariantResponse(invoice.number, "Not Found");
  const client = invoice.clientId ? await findRecipient(invoice.clientId) : null;
  const language = isLanguage(client?.locale) ? client.locale : fallbackLanguage;
  const [firm, timeZone] = await Promise.all([getFirm(), getOfficeTimeZone()]);
  const pdf = await renderInvoicePdf(invoice, { language, timeZone, firm });
  return new Response(new Uint8Array(pdf), {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Length": String(pdf.byteLength),
      "Content-Disposition": `attachment; filename="invoice-${invoice.number}.pdf"`,
      "X-Content-Type-Options": "nosniff",
      "Cache-Control": "private, no-store",
      "Content-Security-Policy": "default-src 'none'; sandbox",
    },
  });
}
