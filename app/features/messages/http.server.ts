import { requireUser } from "~/core/identity/guards.server";
import type { SessionUser } from "~/core/identity/session-user.server";
import { clientIp } from "~/lib/http.server";
import type { MessageViewer } from "./types.server";

/** The viewer a page's guard already signed in (requireUser, requireBackOffice): their rights and the request's IP. */
export function viewerOf(user: SessionUser, request: Request): MessageViewer {
  return { id: user.id, role: user.role, enabledFeatures: user.enabledFeatures, locale: user.locale, ip: clientIp(request) };
}

/**
 * The viewer of a request to the pages or the JSON API (app/routes/api+/message*): a signed-in session
 * or an API token (requireUser: a one-click link's restricted session is neither). Every right is the
 * area's own, checked by each function.
 */
export async function messageViewer(request: Request): Promise<MessageViewer> {
  return viewerOf(await requireUser(request), request);
}
