import { requireBillingCaller, requireBillingStaff, getInvoice, issueInvoice, updateDraftInvoice, voidInvoice } from "~/features/billing/index.server";
import { InvoicePatchApiSchema } from "~/features/billing";
import { apiRoute, readApiBody } from "~/lib/api.server";

/**
 * GET /api/invoices/{id}: the invoice with its lines, payments and (staff) history; a client's
 * own only (another's is 404). PATCH (owner and admins): a draft's `lines`, `dueDate`, `note`,
 * then `status: "open"` issues it (numbered, the client told) or `status: "void"` voids it
 * (`reason` optional; a draft or an open invoice with nothing paid).
 */
export const { loader, action } = apiRoute({
  GET: async ({ request, params }) => {
    const user = await requireBillingCaller(request);
    return { invoice: await getInvoice(user, params.id!) };
  },
  PATCH: async ({ request, params }) => {
    const user = await requireBillingStaff(request);
    const patch = await readApiBody(request, InvoicePatchApiSchema);
    const id = params.id!;
    if (patch.lines !== undefined || patch.dueDate !== undefined || patch.note !== undefined) {
      await updateDraftInvoice(user, id, { lines: patch.lines, dueDate: patch.dueDate, note: patch.note });
    }
    if (patch.status === "open") await issueInvoice(user, id);
    if (patch.status === "void") await voidInvoice(user, id, patch.reason);
    return { invoice: await getInvoice(user, id) };
  },
});
