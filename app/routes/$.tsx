import type { MetaFunction } from "@remix-run/node";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { pageTitle } from "~/lib/meta";

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

export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle(matches, "common:errors.notFound") }];

export function ErrorBoundary() {
  return (
    <main id="main" tabIndex={-1} className="outline-none">
      <GeneralErrorBoundary />
    </main>
  );
}
