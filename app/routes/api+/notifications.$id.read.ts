import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { markNotificationRead, readerLanguage } from "~/features/notifications/notifications.server";
import { requireUser } from "~/features/auth/guards.server";
import { apiError, methodNotAllowed } from "~/lib/http.server";

/** PUT /api/notifications/{id}/read → { notification } (spec §7). Another user's notification is a 404. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request);
  return methodNotAllowed(["PUT"]);
}

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireUser(request);
  if (request.method !== "PUT") return methodNotAllowed(["PUT"]);
  const notification = await markNotificationRead(user.id, params.id ?? "", await readerLanguage(request, user));
  if (!notification) return apiError(404, "Notification not found");
  return json({ notification });
}
