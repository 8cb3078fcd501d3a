import { removeService } from "~/features/client-records/index.server";
import { ServiceUpdateSchema } from "~/features/services";
import { getService, updateService } from "~/features/services/index.server";
import { getUser } from "~/core/identity/session-user.server";
import { requireAdmin } from "~/core/identity/guards.server";
import { apiRoute, readApiBody } from "~/lib/api.server";
import { notFound } from "~/lib/app-error";
import { isAdminRole } from "~/lib/features";
import { getLanguage } from "~/lib/i18n/i18n.server";

/** GET /api/services/{id or key} (public) · PATCH, DELETE (staff). */
export const { loader, action } = apiRoute({
  GET: async ({ request, params }) => {
    const user = await getUser(request);
    const service = await getService(params.id!, await getLanguage(request), { includeInactive: Boolean(user && isAdminRole(user.role)) });
    if (!service) throw notFound("orders:errors.serviceNotFound");
    return { service };
  },
  PATCH: async ({ request, params }) => {
    const user = await requireAdmin(request);
    const input = await readApiBody(request, ServiceUpdateSchema);
    return { service: await updateService(user, params.id!, input, await getLanguage(request)) };
  },
  DELETE: async ({ request, params }) => {
    const user = await requireAdmin(request);
    return removeService(user, params.id!);
  },
});
