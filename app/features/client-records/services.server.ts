import { hasAppointmentsForService } from "~/features/appointments/index.server";
import { hasOrdersForService } from "~/features/service-orders/index.server";
import { deleteService } from "~/features/services/index.server";

/**
 * Removes a service that no client record (an order, an appointment) refers to; one in use is
 * deactivated instead. The services area does not know who uses a service: the records that may,
 * asked here once for the page and the API alike.
 */
export function removeService(actor: { id: string; role: string }, id: string): Promise<{ deleted: boolean; deactivated: boolean }> {
  return deleteService(actor, id, [hasOrdersForService, hasAppointmentsForService]);
}
