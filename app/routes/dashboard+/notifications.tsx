import { GeneralErrorBoundary } from "~/components/error-boundary";
import { parseWithZod } from "@conform-to/zod";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { BroadcastComposer, NotificationCenter, BroadcastPageSchema, ComposeSchema, SentBroadcasts } from "~/features/notifications";
import { handleNotificationAction, loadNotificationCenter, listBroadcasts, sendBroadcast } from "~/features/notifications/index.server";
import { requireAdmin } from "~/core/identity/guards.server";
import type { RouteHandle } from "~/lib/i18n/namespaces";
import { titleMeta } from "~/lib/meta";
import { getFixedT, getLanguage } from "~/lib/i18n/i18n.server";
import { logger } from "~/lib/logger.server";
import { redirectWithToast } from "~/lib/toast.server";

const SENT_PAGE_SIZE = 10;

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireAdmin(request);
  const url = new URL(request.url);
  const { sentPage } = BroadcastPageSchema.parse(Object.fromEntries(url.searchParams));
  const language = await getLanguage(request);
  const [center, sent, t] = await Promise.all([
    loadNotificationCenter(request, user),
    listBroadcasts({ page: sentPage, limit: SENT_PAGE_SIZE }, language),
    getFixedT(language, "notifications"),
  ]);
  return json({
    center,
    sent: { broadcasts: sent.broadcasts, page: sent.page, pages: Math.max(1, Math.ceil(sent.total / SENT_PAGE_SIZE)) },
    title: t("meta.title"),
  });
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireAdmin(request);
  const formData = await request.formData();
  if (formData.get("intent") !== "compose") return handleNotificationAction(request, user, formData);

  const submission = parseWithZod(formData, { schema: ComposeSchema });
  if (submission.status !== "success") return json(submission.reply(), { status: 400 });
  try {
    const result = await sendBroadcast(user.id, submission.value);
    if (!result.ok) return json(submission.reply({ fieldErrors: { [result.field]: [result.message] } }), { status: 400 });
    return redirectWithToast("/dashboard/notifications", {
      type: "success",
      message: "notifications:toast.sent",
      params: { count: result.recipients },
    });
  } catch (error) {
    logger.error({ err: error }, "sending a notification failed");
    return json(submission.reply({ formErrors: ["notifications:toast.sendFailed"] }), { status: 500 });
  }
}

export default function DashboardNotificationsPage() {
  const { center, sent } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const { t } = useTranslation("notifications");
  return (
    <div className="mx-auto flex w-full max-w-5xl flex-col gap-10">
      <NotificationCenter data={center} heading={t("staffTitle")} description={t("staffDescription")} />
      <BroadcastComposer lastResult={lastResult} />
      <SentBroadcasts broadcasts={sent.broadcasts} page={sent.page} pages={sent.pages} />
    </div>
  );
}

export const handle = { i18n: ["notifications"] } satisfies RouteHandle;

export const meta = titleMeta;

export const ErrorBoundary = GeneralErrorBoundary;
