import type { ActionFunctionArgs } from "@remix-run/node";
import { markReportRead } from "~/features/reports/index.server";
import { requireFeature } from "~/core/identity/guards.server";
import { apiRoute } from "~/lib/api.server";

/** PUT (or PATCH) /api/reports/{id}/read: the client marks its report read. */
async function markRead({ request, params }: ActionFunctionArgs) {
  const user = await requireFeature(request, "reports");
  const { readAt } = await markReportRead(user, params.id!);
  return { id: params.id, read: true, readAt };
}

export const { loader, action } = apiRoute({ PUT: markRead, PATCH: markRead });
