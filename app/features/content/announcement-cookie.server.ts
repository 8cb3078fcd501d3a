import { createCookie } from "@remix-run/node";
import { env } from "~/lib/env.server";

/** The id of the announcement the visitor closed; a newer announcement shows again. */
export const dismissedAnnouncementCookie = createCookie("announcement_dismissed", {
  path: "/",
  httpOnly: true,
  sameSite: "lax",
  secure: env().appUrl.startsWith("https://"),
  maxAge: 60 * 60 * 24 * 30,
});

export async function dismissedAnnouncementId(request: Request): Promise<string | null> {
  const value: unknown = await dismissedAnnouncementCookie.parse(request.headers.get("Cookie"));
  return typeof value === "string" ? value : null;
}
