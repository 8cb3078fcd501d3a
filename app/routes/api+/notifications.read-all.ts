import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { markAllNotificationsRead } from "~/features/notifications/notifications.server";
import { requireUser } from "~/features/auth/guards.server";
import { methodNotAllowed } from "~/lib/http.server";

/** PUT /api/notifications/read-all → { count } (spec §7). */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request);
  return methodNotAllowed(["PUT"]);
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request);
  if (request.method !== "PUT") return methodNotAllowed(["PUT"]);
  return json({ count: await markAllNotificationsRead(user.id) });
}
