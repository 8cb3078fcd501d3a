import { GeneralErrorBoundary } from "~/components/error-boundary";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { LegalPage } from "~/components/public/legal-page";
import { publicMeta } from "~/shell/public/seo";
import { loadLegalPage } from "~/features/content/index.server";
import type { LegalDocument } from "~/features/content";
import type { HydrationHandle } from "~/lib/hydration";

/**
 * The legal pages: one module that remix.config.js registers under each path below. Each path names its
 * document and its canonical URL; /privacy-policy, the cookie banner's link, shows the privacy policy
 * with /privacyPolicy as its canonical URL.
 */
const LEGAL_PAGES: Record<string, { document: LegalDocument; canonical: string }> = {
  "/termsofservice": { document: "terms-of-service", canonical: "/termsOfService" },
  "/privacypolicy": { document: "privacy-policy", canonical: "/privacyPolicy" },
  "/privacy-policy": { document: "privacy-policy", canonical: "/privacyPolicy" },
  "/cookiepolicy": { document: "cookie-policy", canonical: "/cookiePolicy" },
};

export function loader({ request }: LoaderFunctionArgs) {
  // Paths match as the router matches them: in any case, with or without a trailing slash.
  const page = LEGAL_PAGES[new URL(request.url).pathname.replace(/\/+$/, "").toLowerCase()];
  if (!page) throw new Response("Not Found", { status: 404 });
  return loadLegalPage(request, page.document, page.canonical);
}

export default function LegalRoute() {
  const { html } = useLoaderData<typeof loader>();
  return <LegalPage html={html} />;
}

// Works entirely as HTML: no JavaScript is sent for this page.
export const handle = { hydrate: false } satisfies HydrationHandle;

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => publicMeta(data?.meta, matches);

export const ErrorBoundary = GeneralErrorBoundary;
