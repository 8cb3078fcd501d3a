import { json, redirect, type ActionFunctionArgs, type HeadersFunction, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { LockKeyhole } from "lucide-react";
import { useTranslation } from "react-i18next";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { LanguageSwitch } from "~/components/language-switch";
import { LogoMark } from "~/components/logo";
import { ThemeSwitch } from "~/components/theme-switch";
import { getFirm } from "~/core/office/firm.server";
import { ListStatusBadge, requestPaths, RequestAnswerView, type AnswerViewActionData } from "~/features/requests";
import { answerWithAccess, loadAnswerPage, requireRequestAccess } from "~/features/requests/index.server";
import { loadOrNotFound } from "~/lib/http.server";
import type { RouteHandle } from "~/lib/i18n/namespaces";
import { titleMeta } from "~/lib/meta";

/**
 * /requests/<listId>: the answering page a one-click link leads to (docs/decisions/021). The
 * restricted session of a link to this list sees this request and nothing else: no client-area
 * frame and no link anywhere but "Sign in for everything". The list's client fully signed in is
 * sent to the same list in their area; anyone else gets "not found".
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const listId = params.listId!;
  const access = await loadOrNotFound(requireRequestAccess(request, listId));
  if (!access.restricted) throw redirect(requestPaths.client(listId));
  const [{ list }, firm] = await Promise.all([loadOrNotFound(loadAnswerPage(access, listId)), getFirm()]);
  return json({ list, firmName: firm.name, title: list.title }, { headers: { "Cache-Control": "no-store" } });
}

export const headers: HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export async function action({ request, params }: ActionFunctionArgs) {
  return answerWithAccess(request, params.listId!);
}

export default function RestrictedRequestPage() {
  const { list, firmName } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as AnswerViewActionData | undefined;
  const { t } = useTranslation("requests");
  const signIn = `/login?${new URLSearchParams({ redirectTo: requestPaths.client(list.id) })}`;
  return (
    <div className="min-h-dvh bg-muted/40 px-4 py-6 sm:py-10">
      <div className="mx-auto w-full max-w-3xl space-y-6">
        <header className="flex flex-wrap items-center justify-between gap-2">
          <p className="flex items-center gap-2 text-lg font-semibold" data-testid="restricted-firm">
            <LogoMark className="size-8 shrink-0" />
            {firmName}
          </p>
          <div className="flex flex-wrap items-center gap-1">
            <LanguageSwitch compact />
            <ThemeSwitch />
          </div>
        </header>
        <main id="main" className="page-end space-y-6">
          <div
            role="note"
            className="flex flex-wrap items-center justify-between gap-3 rounded-md border border-primary/30 bg-primary/5 p-3 text-sm"
            data-testid="restricted-notice"
          >
            <p className="flex items-center gap-2">
              <LockKeyhole className="size-4 shrink-0 text-primary" aria-hidden />
              {t("client.restricted.notice")}
            </p>
            <Link to={signIn} className="primary-link font-medium" reloadDocument>
              {t("client.restricted.signIn")}
            </Link>
          </div>
          <div className="flex flex-wrap items-center justify-between gap-2">
            <h1 className="text-2xl font-semibold" dir="auto">
              {list.title}
            </h1>
            <ListStatusBadge status={list.status} className="text-sm" />
          </div>
          <RequestAnswerView list={list} restricted actionData={actionData} />
        </main>
      </div>
    </div>
  );
}

export const handle = { i18n: ["requests", "orders"] } satisfies RouteHandle;

export const meta = titleMeta;

export const ErrorBoundary = GeneralErrorBoundary;
