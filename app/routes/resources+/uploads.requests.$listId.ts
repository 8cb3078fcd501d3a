import type { ActionFunctionArgs } from "@remix-run/node";
import { requestPaths } from "~/features/requests";
import { answerPageAction, requireRequestAccess } from "~/features/requests/index.server";
import { refusal } from "~/lib/http.server";

/**
 * A request page's documents with a progress bar: the page's upload step, answered as JSON. The
 * list's client signed in, or the restricted session of a one-click link to this list; anyone else 404.
 */
export async function action({ request, params }: ActionFunctionArgs) {
  const listId = params.listId!;
  try {
    const access = await requireRequestAccess(request, listId);
    return await answerPageAction(request, access, listId, access.restricted ? requestPaths.answer(listId) : requestPaths.client(listId));
  } catch (error) {
    return refusal(request, error);
  }
}
