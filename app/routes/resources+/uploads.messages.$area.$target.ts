import { messagePageAction, viewerOf } from "~/features/messages/index.server";
import type { ActionFunctionArgs } from "@remix-run/node";
import { requireBackOffice, requireUser } from "~/core/identity/guards.server";
import { invariantResponse } from "~/lib/http.server";

/**
 * The composer's upload with a progress bar: the thread page's "post" step, answered as JSON. `area` is the
 * page's (client or dashboard), `target` a thread id or "new" (then `?order=`, and for staff `?client=`, say
 * where the first message goes). The area's rules decide who may post where; anyone else gets its 404.
 */
export async function action({ request, params }: ActionFunctionArgs) {
  const area = params.area;
  invariantResponse(area === "client" || area === "dashboard", "Not Found");
  const user = area === "client" ? await requireUser(request) : await requireBackOffice(request, "messages");
  const url = new URL(request.url);
  const orderId = url.searchParams.get("order") || null;
  const target =
    params.target === "new" ? { clientId: area === "client" ? user.id : (url.searchParams.get("client") ?? ""), orderId } : { threadId: params.target! };
  return messagePageAction(request, viewerOf(user, request), area, target);
}
