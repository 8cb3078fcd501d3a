import { parseWithZod } from "@conform-to/zod";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { Trash2 } from "lucide-react";
import { useTranslation } from "react-i18next";
import { ConfirmAction } from "~/components/confirm-action";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { PageHeader } from "~/components/page-header";
import { requireBackOffice } from "~/core/identity/guards.server";
import { itemFormValue, TemplateForm, TemplateFormSchema, type TemplateFormInput } from "~/features/requests";
import { deleteTemplate, getTemplate, updateTemplate } from "~/features/requests/index.server";
import { listServices } from "~/features/services/index.server";
import { clientIp, loadOrNotFound, refusal } from "~/lib/http.server";
import { getLanguage } from "~/lib/i18n/i18n.server";
import type { RouteHandle } from "~/lib/i18n/namespaces";
import { titleMeta } from "~/lib/meta";
import { redirectWithToast } from "~/lib/toast.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireBackOffice(request, "requests");
  const template = await loadOrNotFound(getTemplate(user, params.id!));
  const services = await listServices(await getLanguage(request), { includeInactive: true });
  return json({ template, services: services.map(({ key, title }) => ({ key, title })), title: template.title });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireBackOffice(request, "requests");
  const actor = { ...user, ip: clientIp(request) };
  const id = params.id!;
  const form = await request.formData();
  if (form.get("intent") === "delete") {
    try {
      await deleteTemplate(actor, id);
    } catch (error) {
      return refusal(request, error);
    }
    return redirectWithToast("/dashboard/request-templates", { type: "success", message: "requests:templates.deleted" });
  }
  const submission = parseWithZod(form, { schema: TemplateFormSchema });
  if (submission.status !== "success") return json({ result: submission.reply() }, { status: submission.status === "error" ? 400 : 200 });
  try {
    const value = submission.value;
    await updateTemplate(actor, id, { ...value, serviceKey: value.serviceKey || null, message: value.message ?? "" });
  } catch (error) {
    return refusal(request, error, submission);
  }
  return redirectWithToast(`/dashboard/request-templates/${id}`, { type: "success", message: "requests:templates.saved" });
}

export default function RequestTemplate() {
  const { template, services } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation("requests");
  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <PageHeader
        back={{ to: "/dashboard/request-templates", label: t("templates.title") }}
        title={<span dir="auto">{template.title}</span>}
        actions={
          <ConfirmAction
            label={t("templates.delete")}
            title={t("templates.deleteTitle")}
            description={t("templates.deleteBody")}
            confirmLabel={t("templates.delete")}
            fields={{ intent: "delete" }}
            triggerVariant="destructive"
            icon={<Trash2 aria-hidden className="size-4" />}
            testId="delete-template"
          />
        }
      />
      <TemplateForm
        key={template.updatedAt}
        lastResult={actionData && "result" in actionData ? actionData.result : undefined}
        services={services}
        submitLabel={t("templates.save")}
        defaultValue={{
          serviceKey: template.serviceKey ?? "",
          locale: template.locale as TemplateFormInput["locale"],
          title: template.title,
          message: template.message,
          items: template.items.map(itemFormValue),
        }}
      />
    </div>
  );
}

export const handle = { i18n: ["requests"] } satisfies RouteHandle;

export const meta = titleMeta;

export const ErrorBoundary = GeneralErrorBoundary;
