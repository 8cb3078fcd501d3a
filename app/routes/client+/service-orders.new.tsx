import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { FormErrors, SelectField, TextareaField, useZodForm } from "~/components/forms";
import { PageHeader } from "~/components/page-header";
import { Button } from "~/components/ui/button";
import { requireFeature } from "~/core/identity/guards.server";
import { DocumentField, UploadProgress, useUploadWithProgress, OrderCreateFormSchema } from "~/features/service-orders";
import { createOrderFromForm, type NewRecordAnswer } from "~/features/service-orders/index.server";
import { listServices } from "~/features/services/index.server";
import { getFixedT, getLanguage } from "~/lib/i18n/i18n.server";
import type { RouteHandle } from "~/lib/i18n/namespaces";
import { titleMeta } from "~/lib/meta";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireFeature(request, "service_orders");
  const language = await getLanguage(request);
  const services = await listServices(language);
  const wanted = new URL(request.url).searchParams.get("service");
  const t = await getFixedT(language, "orders");
  return json({
    services: services.map((service) => ({ value: service.key, label: service.title })),
    preselected: services.some((service) => service.key === wanted) ? wanted : null,
    title: t("new.title"),
  });
}

export async function action({ request }: ActionFunctionArgs) {
  return createOrderFromForm(request, await requireFeature(request, "service_orders"));
}

export default function NewServiceOrder() {
  const { services, preselected } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation("orders");
  const navigation = useNavigation();
  const upload = useUploadWithProgress<SubmissionResult<string[]>>("/resources/uploads/client/service-orders/new");
  const serverAnswer = upload.answer ?? (actionData && "result" in actionData ? (actionData as NewRecordAnswer) : null);
  const [form, fields] = useZodForm(OrderCreateFormSchema, {
    id: "new-order",
    lastResult: serverAnswer?.result,
    defaultValue: { service: preselected ?? "" },
    onSubmit(event, { formData }) {
      if (upload.send(event.currentTarget, formData)) event.preventDefault();
    },
  });
  const busy = upload.progress !== null || navigation.state === "submitting";

  return (
    <div className="mx-auto max-w-2xl space-y-6">
      <PageHeader title={t("new.title")} description={t("new.intro")} />
      <Form method="post" encType="multipart/form-data" className="space-y-5" {...getFormProps(form)}>
        <FormErrors id={form.errorId} errors={form.errors} />
        <SelectField field={fields.service} label={t("new.service")} options={services} placeholder={t("new.chooseService")} />
        <TextareaField field={fields.details} label={t("new.details")} hint={t("new.detailsHint")} textareaProps={{ rows: 6 }} />
        <DocumentField id="documents" label={t("new.documents")} errors={serverAnswer?.fileErrors} />
        <UploadProgress progress={upload.progress} failed={upload.failed} />
        <Button type="submit" disabled={busy}>
          {busy ? t("new.submitting") : t("new.submit")}
        </Button>
      </Form>
    </div>
  );
}

export const handle = { i18n: ["orders"] } satisfies RouteHandle;

export const meta = titleMeta;

export const ErrorBoundary = GeneralErrorBoundary;
