import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { safeRedirect } from "~/lib/http.server";
import { readSidebarOpen, sidebarCookie } from "~/lib/sidebar.server";

/**
 * Flips the sidebar (the toggle's no-JavaScript path). With JavaScript the
 * sidebar writes the same cookie itself and never calls this.
 */
export async function action({ request }: ActionFunctionArgs) {
  const form = await request.formData();
  const headers = { "Set-Cookie": sidebarCookie(!readSidebarOpen(request)) };
  return redirect(safeRedirect(form.get("redirectTo"), "/"), { headers });
}

export function loader() {
  return redirect("/");
}
