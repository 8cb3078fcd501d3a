import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { countUnread } from "~/features/notifications/notifications.server";
import { requireUser } from "~/features/auth/guards.server";
import { methodNotAllowed } from "~/lib/http.server";

/** GET /api/notifications/unread → { count } (spec §7; the browser polls it every 30 s). */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  return json({ count: await countUnread(user.id) }, { headers: { "Cache-Control": "no-store" } });
}

export async function action({ request }: ActionFunctionArgs) {
  await requireUser(request);
  return methodNotAllowed(["GET"]);
}
