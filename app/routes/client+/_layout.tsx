import { type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { AreaLayout } from "~/shell/area-layout";
import { areaLayoutData } from "~/shell/area-layout.server";
import { areaLayoutHandle, areaLayoutShouldRevalidate } from "~/shell/area-layout.shared";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { requireUser } from "~/core/identity/guards.server";

export async function loader({ request }: LoaderFunctionArgs) {
  return areaLayoutData(request, await requireUser(request), "clients");
}

export default function ClientLayout() {
  const { user, unread, messagesUnread, sidebarOpen, foldedGroups, announcement } = useLoaderData<typeof loader>();
  return (
    <AreaLayout
      area="client"
      user={user}
      unread={unread}
      messagesUnread={messagesUnread}
      sidebarOpen={sidebarOpen}
      foldedGroups={foldedGroups}
      announcement={announcement}
    />
  );
}

export const handle = areaLayoutHandle;

export const shouldRevalidate = areaLayoutShouldRevalidate;

export const ErrorBoundary = GeneralErrorBoundary;
