import { ReportPatchApiSchema } from "~/features/reports";
import { deleteReport, getReport, updateReport } from "~/features/reports/index.server";
import { requireFeature } from "~/core/identity/guards.server";
import { apiRoute, readApiBody } from "~/lib/api.server";

/** GET /api/reports/{id} (reading does not mark it read: PUT …/read does) · PATCH, DELETE (staff). */
export const { loader, action } = apiRoute({
  GET: async ({ request, params }) => {
    const user = await requireFeature(request, "reports");
    return { report: await getReport(user, params.id!) };
  },
  PATCH: async ({ request, params }) => {
    const user = await requireFeature(request, "reports");
    const patch = await readApiBody(request, ReportPatchApiSchema);
    await updateReport(user, params.id!, patch);
    return { report: await getReport(user, params.id!) };
  },
  DELETE: async ({ request, params }) => {
    const user = await requireFeature(request, "reports");
    await deleteReport(user, params.id!);
    return { deleted: true };
  },
});
