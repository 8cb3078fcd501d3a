import { SIDEBAR_COOKIE, SIDEBAR_COOKIE_MAX_AGE } from "~/lib/sidebar-constants";

/** The sidebar's state from the `sidebar_state` cookie (open unless it says "false"), so the first HTML is right. */
export function readSidebarOpen(request: Request): boolean {
  const header = request.headers.get("Cookie") ?? "";
  const match = header.match(new RegExp(`(?:^|;\\s*)${SIDEBAR_COOKIE}=([^;]*)`));
  return match?.[1] !== "false";
}

export function sidebarCookie(open: boolean): string {
  return `${SIDEBAR_COOKIE}=${open}; Path=/; Max-Age=${SIDEBAR_COOKIE_MAX_AGE}; SameSite=Lax`;
}
