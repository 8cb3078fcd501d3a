import { type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { AreaLayout } from "~/shell/area-layout";
import { areaLayoutData } from "~/shell/area-layout.server";
import { areaLayoutHandle, areaLayoutShouldRevalidate } from "~/shell/area-layout.shared";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { requireBackOffice } from "~/core/identity/guards.server";

export async function loader({ request }: LoaderFunctionArgs) {
  return areaLayoutData(request, await requireBackOffice(request), "staff");
}

export default function DashboardLayout() {
  return <AreaLayout area="dashboard" {...useLoaderData<typeof loader>()} />;
}

export const handle = areaLayoutHandle;

export const shouldRevalidate = areaLayoutShouldRevalidate;

export const ErrorBoundary = GeneralErrorBoundary;
