import type { RouteHandle } from "~/lib/i18n/namespaces";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { json, redirect, type HeadersFunction, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Card, CardContent, CardDescription, CardHeader } from "~/components/ui/card";
import { commitLinkSession } from "~/core/identity/link-session.server";
import { requestPaths } from "~/features/requests";
import { openRequestLink } from "~/features/requests/index.server";
import { clientIp } from "~/lib/http.server";
import { translate } from "~/lib/i18n/i18n.server";
import { titleMeta } from "~/lib/meta";

/**
 * /r/<token>: a request e-mail's one-click link (docs/decisions/021). A live link gives the browser
 * a restricted session for its one list and goes (303) to the answering page; the token never
 * appears again, and the redirect is `Referrer-Policy: no-referrer`. A GET changes nothing but
 * the link's last use: a mail scanner that opens it does not spend it. A link that cannot be used
 * answers a short page saying why (410, or 404 when unknown) with a way to sign in.
 */
export const handle = { i18n: ["requests"] } satisfies RouteHandle;

export async function loader({ request, params }: LoaderFunctionArgs) {
  const opened = await openRequestLink(params.token ?? "", { ip: clientIp(request) });
  if (opened.ok) {
    const cookie = await commitLinkSession({ linkId: opened.linkId, userId: opened.userId, listId: opened.listId, linkExpiresAt: opened.expiresAt });
    throw redirect(requestPaths.answer(opened.listId), {
      status: 303,
      headers: { "Set-Cookie": cookie, "Referrer-Policy": "no-referrer", "Cache-Control": "no-store" },
    });
  }
  return json(
    { reason: opened.reason, title: await translate(request, "requests:links.refusedTitle") },
    { status: opened.reason === "invalid" ? 404 : 410, headers: { "Cache-Control": "no-store" } },
  );
}

export const headers: HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export default function RequestLinkPage() {
  const { t } = useTranslation("requests");
  const { reason } = useLoaderData<typeof loader>();
  return (
    <Card>
      <CardHeader>
        <h1 className="text-2xl font-semibold">{t("links.refusedTitle")}</h1>
        <CardDescription data-testid="link-refusal">{t(`links.reason.${reason}`)}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        <p className="text-sm text-muted-foreground">{t("links.signInText")}</p>
        <Link to="/login" className="primary-link font-medium">
          {t("links.signIn")}
        </Link>
      </CardContent>
    </Card>
  );
}

export const meta = titleMeta;

export const ErrorBoundary = GeneralErrorBoundary;
