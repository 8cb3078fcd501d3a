import { GeneralErrorBoundary } from "~/components/error-boundary";
import { titleMeta } from "~/lib/meta";

/** An unknown path under /dashboard: 404 inside the area layout. */
export function loader() {
  throw new Response("Not Found", { status: 404 });
}

export default function DashboardNotFound() {
  return null;
}

export const meta = titleMeta;

export const ErrorBoundary = GeneralErrorBoundary;
