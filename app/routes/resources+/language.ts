import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { isLanguage } from "~/lib/i18n/config";
import { languageCookie } from "~/lib/i18n/i18n.server";
import { safeRedirect } from "~/lib/http.server";
import { redirectWithToast } from "~/lib/toast.server";

/** Sets the interface language (a plain form post) and confirms it with a toast in the new language. */
export async function action({ request }: ActionFunctionArgs) {
  const form = await request.formData();
  const language = form.get("language");
  const target = new URL(safeRedirect(form.get("redirectTo"), "/"), "http://local");
  // A leftover ?lng= would override the cookie just set.
  target.searchParams.delete("lng");
  const back = target.pathname + target.search + target.hash;
  if (!isLanguage(language)) return redirect(back);
  return redirectWithToast(
    back,
    { type: "success", message: "common:language.changed" },
    { headers: { "Set-Cookie": await languageCookie.serialize(language) } },
  );
}

export function loader() {
  return redirect("/");
}
