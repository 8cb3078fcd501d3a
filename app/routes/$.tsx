import { GeneralErrorBoundary } from "~/components/error-boundary";
import { titleMeta } from "~/lib/meta";

/** Any path no other route answers: the not-found page with status 404. */
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

export function ErrorBoundary() {
  return (
    <main id="main" tabIndex={-1} className="outline-none">
      <GeneralErrorBoundary />
    </main>
  );
}
