import { GeneralErrorBoundary } from "~/components/error-boundary";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { NotificationCenter } from "~/features/notifications";
import { handleNotificationAction, loadNotificationCenter } from "~/features/notifications/index.server";
import { requireUser } from "~/core/identity/guards.server";
import type { RouteHandle } from "~/lib/i18n/namespaces";
import { titleMeta } from "~/lib/meta";
import { getFixedT, getLanguage } from "~/lib/i18n/i18n.server";

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const t = await getFixedT(await getLanguage(request), "notifications");
  return json({ ...(await loadNotificationCenter(request, user)), title: t("meta.title") });
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request);
  return handleNotificationAction(request, user, await request.formData());
}

export default function ClientNotificationsPage() {
  const data = useLoaderData<typeof loader>();
  const { t } = useTranslation("notifications");
  return (
    <div className="mx-auto w-full max-w-3xl">
      <NotificationCenter data={data} heading={t("title")} description={t("description")} />
    </div>
  );
}

export const handle = { i18n: ["notifications"] } satisfies RouteHandle;

export const meta = titleMeta;

export const ErrorBoundary = GeneralErrorBoundary;
