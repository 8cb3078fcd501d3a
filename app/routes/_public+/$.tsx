import { GeneralErrorBoundary } from "~/components/error-boundary";
import { titleMeta } from "~/lib/meta";

/**
 * Any path no other route answers: the not-found page with status 404, inside the public
 * layout (navbar and footer, like /services/nope), titled "This page is not found · …".
 */
export function loader() {
  throw new Response("Not Found", { status: 404 });
}

export function action() {
  throw new Response("Not Found", { status: 404 });
}

export default function NotFoundRoute() {
  return null;
}

export const meta = titleMeta;

export const ErrorBoundary = GeneralErrorBoundary;
