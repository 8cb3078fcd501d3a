/** The sidebar state lives in cookie `sidebar_state` for 604800 s (7 days), so the server renders it open or closed as left. */
export const SIDEBAR_COOKIE = "sidebar_state";
export const SIDEBAR_COOKIE_MAX_AGE = 604_800;
export const SIDEBAR_SHORTCUT = "b";
/** Mobile below 768 px: the sidebar becomes a side sheet. */
export const MOBILE_BREAKPOINT = 768;
/** The menu groups folded by the user, comma-separated ids (same lifetime as the sidebar state). */
export const SIDEBAR_GROUPS_COOKIE = "sidebar_groups";
