import { GeneralErrorBoundary } from "~/components/error-boundary";
import { titleMeta } from "~/lib/meta";

/** An unknown path under /client: 404 inside the area layout. */
export function loader() {
  throw new Response("Not Found", { status: 404 });
}

export default function ClientNotFound() {
  return null;
}

export const meta = titleMeta;

export const ErrorBoundary = GeneralErrorBoundary;
