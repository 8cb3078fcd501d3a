import { json } from "@remix-run/node";
import { unreadThreadCount } from "~/features/messages/index.server";
import { countUnread } from "~/features/notifications/index.server";
import type { SessionUser } from "~/core/identity/session-user.server";
import { getCurrentAnnouncement, dismissedAnnouncementId } from "~/features/content/index.server";
import { canUseBackOffice } from "~/lib/features";
import { getLanguage } from "~/lib/i18n/i18n.server";
import { readFoldedGroups, readSidebarOpen } from "~/lib/sidebar.server";

/**
 * What the area layouts of /client and /dashboard need, once their guard has let the user in,
 * with the announcement of the area's audience (clients or staff) unless the user closed it.
 */
export async function areaLayoutData(request: Request, user: SessionUser, audience: "clients" | "staff") {
  const [language, dismissed] = await Promise.all([getLanguage(request), dismissedAnnouncementId(request)]);
  const announcement = await getCurrentAnnouncement(language, new Date(), audience);
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
    // Clients all have messages; staff only with the feature (the count is index-backed, cheap on every page).
    messagesUnread:
      audience === "clients" || canUseBackOffice(user, "messages")
        ? await unreadThreadCount({ id: user.id, role: user.role, enabledFeatures: user.enabledFeatures, locale: user.locale })
        : 0,
    sidebarOpen: readSidebarOpen(request),
    foldedGroups: readFoldedGroups(request),
    announcement: announcement && !(announcement.dismissible && announcement.id === dismissed) ? announcement : null,
  });
}
