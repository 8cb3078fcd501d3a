import type { ActionFunctionArgs } from "@remix-run/node";
import { answerWithAccess } from "~/features/requests/index.server";

/**
 * A request page's documents with a progress bar: the page's upload step, answered as JSON. The
 * list's client signed in, or the restricted session of a one-click link to this list; anyone else 404.
 */
export async function action({ request, params }: ActionFunctionArgs) {
  return answerWithAccess(request, params.listId!);
}
