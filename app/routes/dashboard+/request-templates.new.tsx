import { parseWithZod } from "@conform-to/zod";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { PageHeader } from "~/components/page-header";
import { requireBackOffice } from "~/core/identity/guards.server";
import { EMPTY_ITEM, TemplateForm, TemplateFormSchema } from "~/features/requests";
import { createTemplate } from "~/features/requests/index.server";
import { listServices } from "~/features/services/index.server";
import { isLanguage } from "~/lib/i18n/config";
import { clientIp, refusal } from "~/lib/http.server";
import { getFixedT, getLanguage } from "~/lib/i18n/i18n.server";
import type { RouteHandle } from "~/lib/i18n/namespaces";
import { titleMeta } from "~/lib/meta";
import { redirectWithToast } from "~/lib/toast.server";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireBackOffice(request, "requests");
  const language = await getLanguage(request);
  const t = await getFixedT(language, "requests");
  const services = await listServices(language, { includeInactive: true });
  return json({
    services: services.map(({ key, title }) => ({ key, title })),
    language: isLanguage(language) ? language : "en",
    title: t("templates.newTitle"),
  });
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireBackOffice(request, "requests");
  const submission = parseWithZod(await request.formData(), { schema: TemplateFormSchema });
  if (submission.status !== "success") return json({ result: submission.reply() }, { status: submission.status === "error" ? 400 : 200 });
  try {
    const value = submission.value;
    await createTemplate({ ...user, ip: clientIp(request) }, { ...value, serviceKey: value.serviceKey || null, message: value.message ?? "" });
  } catch (error) {
    return refusal(request, error, submission);
  }
  return redirectWithToast("/dashboard/request-templates", { type: "success", message: "requests:templates.created" });
}

export default function NewRequestTemplate() {
  const { services, language } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation("requests");
  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <PageHeader back={{ to: "/dashboard/request-templates", label: t("templates.title") }} title={t("templates.newTitle")} />
      <TemplateForm
        lastResult={actionData?.result}
        services={services}
        submitLabel={t("templates.create")}
        defaultValue={{ serviceKey: "", locale: language as "en", title: "", message: "", items: [EMPTY_ITEM] }}
      />
    </div>
  );
}

export const handle = { i18n: ["requests"] } satisfies RouteHandle;

export const meta = titleMeta;

export const ErrorBoundary = GeneralErrorBoundary;
