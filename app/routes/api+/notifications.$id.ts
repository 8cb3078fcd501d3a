import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { deleteNotification } from "~/features/notifications/notifications.server";
import { requireUser } from "~/features/auth/guards.server";
import { apiError, methodNotAllowed } from "~/lib/http.server";

/** DELETE /api/notifications/{id} (spec §7). Another user's notification is a 404, as if absent. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request);
  return methodNotAllowed(["DELETE"]);
}

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireUser(request);
  if (request.method !== "DELETE") return methodNotAllowed(["DELETE"]);
  const deleted = await deleteNotification(user.id, params.id ?? "");
  if (!deleted) return apiError(404, "Notification not found");
  return json({ id: params.id, deleted: true });
}
