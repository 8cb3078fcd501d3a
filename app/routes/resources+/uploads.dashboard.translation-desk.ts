import type { ActionFunctionArgs } from "@remix-run/node";
import { requireBackOffice } from "~/core/identity/guards.server";
import { createDeskFileFromForm, readDeskForm, getTranslationSettings } from "~/features/translations/index.server";

/** The desk's upload form sent with a progress bar: the page's upload step, answered as JSON. */
export async function action({ request }: ActionFunctionArgs) {
  const user = await requireBackOffice(request, "translations");
  const settings = await getTranslationSettings();
  return createDeskFileFromForm(request, user, settings, await readDeskForm(request, user.id, settings));
}
