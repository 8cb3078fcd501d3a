import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { dismissedAnnouncementCookie } from "~/features/content/index.server";
import { safeRedirect } from "~/lib/http.server";

/** Closes the announcement bar: remembers the announcement's id in a cookie and goes back (works without JavaScript). */
export async function action({ request }: ActionFunctionArgs) {
  const form = await request.formData();
  const id = form.get("id");
  const back = safeRedirect(form.get("redirectTo"), "/");
  if (typeof id !== "string" || !/^[\w-]{1,64}$/.test(id)) return redirect(back);
  return redirect(back, { headers: { "Set-Cookie": await dismissedAnnouncementCookie.serialize(id) } });
}

export function loader() {
  return redirect("/");
}
