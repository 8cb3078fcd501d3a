import { json, redirect, type ActionFunctionArgs } from "@remix-run/node";
import { isTheme } from "remix-themes";
import { safeRedirect } from "~/lib/http.server";
import { themeSessionResolver } from "~/lib/theme.server";

/**
 * Sets the theme. remix-themes' own action reads JSON only (STACK-NOTES trap 7):
 * this one also takes a plain form post, so the switch works without JavaScript.
 * "system" (or an empty value) forgets the choice and follows the device.
 */
export async function action({ request }: ActionFunctionArgs) {
  const session = await themeSessionResolver(request);
  const isJson = request.headers.get("content-type")?.includes("application/json");
  const body = isJson ? ((await request.json().catch(() => ({}))) as { theme?: unknown }) : Object.fromEntries(await request.formData());
  const theme = body.theme;
  const cookie = isTheme(theme) ? (session.setTheme(theme), await session.commit()) : await session.destroy();
  if (isJson) return json({ success: true }, { headers: { "Set-Cookie": cookie } });
  const back = safeRedirect((body as Record<string, unknown>).redirectTo as string | undefined, "/");
  return redirect(back, { headers: { "Set-Cookie": cookie } });
}

export function loader() {
  return redirect("/");
}
