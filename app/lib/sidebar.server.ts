import { SIDEBAR_COOKIE, SIDEBAR_COOKIE_MAX_AGE, SIDEBAR_GROUPS_COOKIE } from "~/lib/sidebar-constants";

/** The sidebar's state from the `sidebar_state` cookie (open unless it says "false"), so the first HTML is right. */
export function readSidebarOpen(request: Request): boolean {
  const header = request.headers.get("Cookie") ?? "";
  const match = header.match(new RegExp(`(?:^|;\\s*)${SIDEBAR_COOKIE}=([^;]*)`));
  return match?.[1] !== "false";
}

export function sidebarCookie(open: boolean): string {
  return `${SIDEBAR_COOKIE}=${open}; Path=/; Max-Age=${SIDEBAR_COOKIE_MAX_AGE}; SameSite=Lax`;
}

/** The menu groups folded by the user (`sidebar_groups`): ids of letters and dashes only. */
export function readFoldedGroups(request: Request): string[] {
  const header = request.headers.get("Cookie") ?? "";
  const match = header.match(new RegExp(`(?:^|;\\s*)${SIDEBAR_GROUPS_COOKIE}=([^;]*)`));
  if (!match?.[1]) return [];
  let value = "";
  try {
    value = decodeURIComponent(match[1]);
  } catch {
    return [];
  }
  return value
    .split(",")
    .filter((id) => /^[a-z-]{1,30}$/.test(id))
    .slice(0, 20);
}
