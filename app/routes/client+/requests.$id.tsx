import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { PageHeader } from "~/components/page-header";
import { requireUser } from "~/core/identity/guards.server";
import { requestPaths, ListStatusBadge, RequestAnswerView, type AnswerViewActionData } from "~/features/requests";
import { answerPageAction, loadAnswerPage, type RequestAccess } from "~/features/requests/index.server";
import { clientIp, loadOrNotFound } from "~/lib/http.server";
import type { RouteHandle } from "~/lib/i18n/namespaces";
import { titleMeta } from "~/lib/meta";
import { useTranslation } from "react-i18next";

/** The signed-in client's answering page for one of their request lists. */
async function clientAccess(request: Request): Promise<RequestAccess> {
  const user = await requireUser(request);
  return { actor: { id: user.id, role: user.role, enabledFeatures: user.enabledFeatures, ip: clientIp(request) }, restricted: false };
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { list } = await loadOrNotFound(loadAnswerPage(await clientAccess(request), params.id!));
  return json({ list, title: list.title });
}

export async function action({ request, params }: ActionFunctionArgs) {
  return answerPageAction(request, await clientAccess(request), params.id!, requestPaths.client(params.id!));
}

export default function ClientRequest() {
  const { list } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as AnswerViewActionData | undefined;
  const { t } = useTranslation("requests");
  return (
    <div className="space-y-6">
      <PageHeader
        back={{ to: "/client/requests", label: t("client.back") }}
        title={list.title}
        badge={<ListStatusBadge status={list.status} className="text-sm" />}
      />
      <RequestAnswerView list={list} restricted={false} actionData={actionData} />
    </div>
  );
}

export const handle = { i18n: ["requests", "orders"] } satisfies RouteHandle;

export const meta = titleMeta;

export const ErrorBoundary = GeneralErrorBoundary;
