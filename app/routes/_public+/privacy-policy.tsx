import { GeneralErrorBoundary } from "~/components/error-boundary";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { LegalPage } from "~/components/public/legal-page";
import { publicMeta } from "~/components/public/seo";
import { loadLegalPage } from "~/features/content/http.server";
import type { HydrationHandle } from "~/lib/hydration";

// The cookie banner's "Learn more" links here; the page is /privacyPolicy, which is its canonical URL.
export function loader({ request }: LoaderFunctionArgs) {
  return loadLegalPage(request, "privacy-policy", "/privacyPolicy");
}

export default function PrivacyPolicyAlias() {
  const { html } = useLoaderData<typeof loader>();
  return <LegalPage html={html} />;
}

// Works entirely as HTML: no JavaScript is sent for this page.
export const handle = { hydrate: false } satisfies HydrationHandle;

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => publicMeta(data?.meta, matches);

export const ErrorBoundary = GeneralErrorBoundary;
