import { requireUser } from "~/core/identity/guards.server";
import { SlotsQuerySchema } from "~/features/appointments";
import { findBookableService, findFreeSlots } from "~/features/appointments/index.server";
import { AppError } from "~/lib/app-error";
import { apiRoute, readApiQuery } from "~/lib/api.server";

/**
 * GET /api/appointments/available-slots?service=…&from=YYYY-MM-DD&to=YYYY-MM-DD
 * → { timeZone, service, slots: [{ startsAt, endsAt }] } (days in the office's time zone).
 * The booking page shows exactly these slots.
 */
export const { loader, action } = apiRoute({
  GET: async ({ request }) => {
    await requireUser(request);
    const query = readApiQuery(request, SlotsQuerySchema);
    const service = await findBookableService(query.service);
    if (!service) throw new AppError(404, "appointments:errors.serviceNotFound");
    const { timeZone, slots } = await findFreeSlots({ durationMinutes: service.durationMinutes, from: query.from, to: query.to });
    return { timeZone, service: { id: service.id, key: service.key, durationMinutes: service.durationMinutes }, slots };
  },
});
