import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData, useRouteError, isRouteErrorResponse } from "@remix-run/react";
import { ShieldCheck } from "lucide-react";
import { useTranslation } from "react-i18next";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { publicMeta } from "~/shell/public/seo";
import { findCertificate, publicCertificate, tooManyLookups } from "~/features/certificates/index.server";
import { CertificateNotFound, CertificateRecord, FileCheck, LookupsLimited, VerifyAnother } from "~/features/certificates";
import { getFirm } from "~/core/office/firm.server";
import { clientIp } from "~/lib/http.server";
import { getFixedT, getLanguage } from "~/lib/i18n/i18n.server";
import type { RouteHandle } from "~/lib/i18n/namespaces";
import { titleMeta } from "~/lib/meta";
import { consume } from "~/lib/rate-limit.server";

/**
 * GET /verify/{certificateNo}: anyone confirms a certificate of translation accuracy: number,
 * date, languages, pages, translator and the two SHA-256 fingerprints; never the client or the
 * document's title (docs/decisions/013). Look-ups are counted per address (verify:ip), so numbers
 * cannot be tried in bulk; an unknown number is a 404 page that says so.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const limit = await consume("verify:ip", clientIp(request));
  if (!limit.ok) throw tooManyLookups(limit.retryAfterSeconds);
  const asked = (params.no ?? "").slice(0, 40);
  const [language, found, firm] = await Promise.all([getLanguage(request), findCertificate(asked), getFirm()]);
  if (!found) throw json({ certificateNo: asked }, { status: 404, headers: { "Cache-Control": "no-store", "X-Robots-Tag": "noindex" } });
  const t = await getFixedT(language, "certificates");
  return json(
    {
      meta: { title: t("verify.title", { no: found.certificateNo }), description: t("verify.description"), path: `/verify/${found.certificateNo}` },
      certificate: publicCertificate(found),
      firmName: firm.name,
    },
    { headers: { "Cache-Control": "no-store", "X-Robots-Tag": "noindex" } },
  );
}

export default function VerifyCertificatePage() {
  const { certificate, firmName } = useLoaderData<typeof loader>();
  const { t } = useTranslation("certificates");
  return (
    <article className="mx-auto max-w-3xl px-4 py-12">
      <h1 className="flex items-center gap-3 text-3xl font-semibold text-primary">
        <ShieldCheck aria-hidden className="size-8 shrink-0" />
        <span>
          {t("verify.title", { no: "" })}
          <span dir="ltr">{certificate.certificateNo}</span>
        </span>
      </h1>
      <CertificateRecord certificate={certificate} firmName={firmName} />
      <FileCheck certificate={certificate} />
      <VerifyAnother />
    </article>
  );
}

// Works as HTML; the file check is a small inline script, no bundle (docs/decisions/001, 004).
export const handle = { hydrate: false, i18n: ["certificates"] } satisfies RouteHandle;

export const meta: MetaFunction<typeof loader> = (args) => [
  ...(args.data ? publicMeta(args.data.meta, args.matches) : titleMeta(args)),
  { name: "robots", content: "noindex" },
];

export function ErrorBoundary() {
  const error = useRouteError();
  const asked = isRouteErrorResponse(error) ? (error.data as { certificateNo?: unknown } | null)?.certificateNo : undefined;
  return (
    <GeneralErrorBoundary
      statusHandlers={{
        404: () => <CertificateNotFound certificateNo={typeof asked === "string" ? asked : ""} />,
        429: () => <LookupsLimited />,
      }}
    />
  );
}
