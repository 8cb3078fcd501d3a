import type { ActionFunctionArgs } from "@remix-run/node";
import { requireBackOffice } from "~/core/identity/guards.server";
import { answerDeskFileForm } from "~/features/translations/index.server";

/** A desk file's translated file sent with a progress bar: the page's "translated" step, answered as JSON. */
export async function action({ request, params }: ActionFunctionArgs) {
  return answerDeskFileForm(request, await requireBackOffice(request, "translations"), params.id!, "translated");
}
