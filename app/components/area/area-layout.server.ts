import { json } from "@remix-run/node";
import { countUnread } from "~/features/notifications/notify.server";
import type { SessionUser } from "~/features/auth/guards.server";
import { readFoldedGroups, readSidebarOpen } from "~/lib/sidebar.server";

/** What the area layouts of /client and /dashboard need, once their guard has let the user in. */
export async function areaLayoutData(request: Request, user: SessionUser) {
  return json({
    user: {
      fullName: user.fullName,
      email: user.email,
      role: user.role,
      avatarUrl: user.avatarUrl,
      enabledFeatures: user.enabledFeatures,
      emailVerified: user.emailVerified,
    },
    unread: await countUnread(user.id),
    sidebarOpen: readSidebarOpen(request),
    foldedGroups: readFoldedGroups(request),
  });
}
