import { GeneralErrorBoundary } from "~/components/error-boundary";

/** An unknown path under /dashboard: 404 inside the area layout. */
export function loader() {
  throw new Response("Not Found", { status: 404 });
}

export default function DashboardNotFound() {
  return null;
}

export const ErrorBoundary = GeneralErrorBoundary;
