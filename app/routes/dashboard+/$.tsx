import type { MetaFunction } from "@remix-run/node";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { pageTitle } from "~/lib/meta";

/** An unknown path under /dashboard: 404 inside the area layout. */
export function loader() {
  throw new Response("Not Found", { status: 404 });
}

export default function DashboardNotFound() {
  return null;
}

export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle(matches, "common:errors.notFound") }];

export const ErrorBoundary = GeneralErrorBoundary;
