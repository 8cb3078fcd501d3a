import { type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { AreaLayout } from "~/components/area/area-layout";
import { areaLayoutData } from "~/components/area/area-layout.server";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { requireAdmin } from "~/features/auth/guards.server";
import { pageTitle } from "~/lib/meta";

export async function loader({ request }: LoaderFunctionArgs) {
  return areaLayoutData(request, await requireAdmin(request));
}

export default function DashboardLayout() {
  const { user, unread, sidebarOpen } = useLoaderData<typeof loader>();
  return <AreaLayout area="dashboard" user={user} unread={unread} sidebarOpen={sidebarOpen} />;
}

export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle(matches, "common:area.dashboard") }];

export const ErrorBoundary = GeneralErrorBoundary;
