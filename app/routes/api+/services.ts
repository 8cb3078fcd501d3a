import { json } from "@remix-run/node";
import { ServiceCreateSchema } from "~/features/services";
import { createService, listServices } from "~/features/services/index.server";
import { getUser } from "~/core/identity/session-user.server";
import { requireAdmin } from "~/core/identity/guards.server";
import { apiRoute, readApiBody } from "~/lib/api.server";
import { isAdminRole } from "~/lib/features";
import { getLanguage } from "~/lib/i18n/i18n.server";

/** GET /api/services (public; staff add ?all=1 for inactive ones) · POST /api/services (staff). */
export const { loader, action } = apiRoute({
  GET: async ({ request }) => {
    const user = await getUser(request);
    const all = new URL(request.url).searchParams.get("all") === "1" && Boolean(user && isAdminRole(user.role));
    return { services: await listServices(await getLanguage(request), { includeInactive: all }) };
  },
  POST: async ({ request }) => {
    const user = await requireAdmin(request);
    const input = await readApiBody(request, ServiceCreateSchema);
    return json({ service: await createService(user, input, await getLanguage(request)) }, { status: 201 });
  },
});
