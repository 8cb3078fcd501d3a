import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { AreaLayout } from "~/components/area/area-layout";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { countUnread } from "~/features/notifications/notify.server";
import { requireStaff } from "~/lib/auth.server";
import { pageTitle } from "~/lib/meta";
import { readSidebarOpen } from "~/lib/sidebar.server";

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireStaff(request);
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
  });
}

export default function DashboardLayout() {
  const { user, unread, sidebarOpen } = useLoaderData<typeof loader>();
  return <AreaLayout area="dashboard" user={user} unread={unread} sidebarOpen={sidebarOpen} />;
}

export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle(matches, "common:area.dashboard") }];

export const ErrorBoundary = GeneralErrorBoundary;
