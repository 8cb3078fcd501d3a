import type { ActionFunctionArgs } from "@remix-run/node";
import { requireAdmin } from "~/core/identity/guards.server";
import { createReportFromForm } from "~/features/reports/index.server";

/** The new-report form sent with a progress bar: the page's action, answered as JSON. */
export async function action({ request }: ActionFunctionArgs) {
  return createReportFromForm(request, await requireAdmin(request));
}
