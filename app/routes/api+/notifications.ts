import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { deleteAllNotifications, listNotifications, readerLanguage } from "~/features/notifications/notifications.server";
import { ListQuerySchema } from "~/features/notifications/notifications.schema";
import { requireUser } from "~/features/auth/guards.server";
import { apiError, methodNotAllowed } from "~/lib/http.server";

/** GET /api/notifications?page&limit&read · DELETE /api/notifications (spec §7). */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const parsed = ListQuerySchema.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    return apiError(400, `${issue.path.join(".")}: ${issue.message}`);
  }
  const result = await listNotifications(user.id, parsed.data, await readerLanguage(request, user));
  return json(result, { headers: { "Cache-Control": "no-store" } });
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request);
  if (request.method !== "DELETE") return methodNotAllowed(["GET", "DELETE"]);
  const count = await deleteAllNotifications(user.id);
  return json({ count });
}
