import { requireUser } from "~/core/identity/guards.server";
import { isBackOfficeRole } from "~/lib/features";
import { clientIp } from "~/lib/http.server";
import { notFoundItem, type Actor } from "./request-access.server";
import { getListForClient, getListForStaff, type RequestItem, type RequestListDetail } from "./requests.server";

/**
 * The JSON API's side of the area (app/routes/api+/request-lists*): the caller is a signed-in
 * session or an API token (requireUser: a one-click link's restricted session is neither), and
 * every right is the area's own (request-access.server.ts), as for the pages.
 */
export async function requestApiCaller(request: Request): Promise<Actor> {
  const user = await requireUser(request);
  return { id: user.id, role: user.role, enabledFeatures: user.enabledFeatures, ip: clientIp(request) };
}

/** A list as its caller reads it: staff with the `requests` feature any list (others 403), a client their own (another's 404). */
export function readRequestList(actor: Actor, listId: string): Promise<RequestListDetail> {
  return isBackOfficeRole(actor.role) ? getListForStaff(actor, listId) : getListForClient(actor.id, listId);
}

/** An item of list `listId` the caller may read; an item of another list is "not found". */
export async function readRequestItem(actor: Actor, listId: string, itemId: string): Promise<RequestItem> {
  const item = (await readRequestList(actor, listId)).items.find((candidate) => candidate.id === itemId);
  if (!item) throw notFoundItem();
  return item;
}
