import { json, redirect, type ActionFunctionArgs } from "@remix-run/node";
import { isTheme } from "~/lib/theme";
import { safeRedirect } from "~/lib/http.server";
import { themeSessionResolver } from "~/lib/theme.server";

/**
 * Sets the theme. remix-themes' own action reads JSON only:
 * this one also takes a plain form post, so the switch works without JavaScript.
 * "system" (or an empty value) forgets the choice and follows the device.
 */
export async function action({ request }: ActionFunctionArgs) {
  const session = await themeSessionResolver(request);
  // remix-themes posts JSON as text/plain (a bare fetch with a string body); a no-JS form posts urlencoded.
  const type = request.headers.get("content-type") ?? "";
  const isForm = type.includes("application/x-www-form-urlencoded") || type.includes("multipart/form-data");
  const isJson = !isForm;
  const body: Record<string, unknown> = isForm ? Object.fromEntries(await request.formData()) : await readJson(request);
  const theme = body.theme;
  const cookie = isTheme(theme) ? (session.setTheme(theme), await session.commit()) : await session.destroy();
  if (isJson) return json({ success: true }, { headers: { "Set-Cookie": cookie } });
  const back = safeRedirect(typeof body.redirectTo === "string" ? body.redirectTo : undefined, "/");
  return redirect(back, { headers: { "Set-Cookie": cookie } });
}

export function loader() {
  return redirect("/");
}

async function readJson(request: Request): Promise<Record<string, unknown>> {
  try {
    const value = JSON.parse(await request.text()) as unknown;
    return value && typeof value === "object" ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}
