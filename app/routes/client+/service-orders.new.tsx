import { GeneralErrorBoundary } from "~/components/error-boundary";
import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { FormErrors, SelectField, TextareaField, useZodForm } from "~/components/forms";
import { Button } from "~/components/ui/button";
import { DocumentField, UploadProgress, useUploadWithProgress } from "~/features/service-orders/document-field";
import { DomainError } from "~/features/service-orders/errors.server";
import { OrderCreateFormSchema } from "~/features/service-orders/service-orders.schema";
import { createOrder } from "~/features/service-orders/service-orders.server";
import { readUploadForm, wantsJson, type FileError } from "~/features/service-orders/uploads.server";
import { listServices } from "~/features/services/services.server";
import { requireFeature } from "~/features/auth/guards.server";
import { getFixedT, getLanguage } from "~/lib/i18n/i18n.server";
import { createToastHeaders, redirectWithToast } from "~/lib/toast.server";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireFeature(request, "service_orders");
  const language = await getLanguage(request);
  const services = await listServices(language);
  const wanted = new URL(request.url).searchParams.get("service");
  const t = await getFixedT(language, "orders");
  return json({
    services: services.map((service) => ({ value: service.key, label: service.title })),
    preselected: services.some((service) => service.key === wanted) ? wanted : null,
    pageTitle: t("new.title"),
  });
}

type ActionData = { result: SubmissionResult<string[]>; fileErrors: FileError[] };

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireFeature(request, "service_orders");
  const { fields, uploads, fileErrors } = await readUploadForm(request, user.id);
  const submission = parseWithZod(fields, { schema: OrderCreateFormSchema });
  const answer = (result: SubmissionResult<string[]>, errors: FileError[]) => json<ActionData>({ result, fileErrors: errors }, { status: 400 });
  if (submission.status !== "success") return answer(submission.reply(), fileErrors);
  if (fileErrors.length > 0) return answer(submission.reply({ formErrors: ["orders:files.errors.fix"] }), fileErrors);
  try {
    const { id, reference } = await createOrder(user, submission.value, uploads, await getLanguage(request));
    const toast = { type: "success" as const, message: "orders:new.created", params: { reference } };
    const redirectTo = `/client/service-orders/${id}`;
    if (wantsJson(request)) return json({ redirectTo }, { headers: await createToastHeaders(toast) });
    return redirectWithToast(redirectTo, toast);
  } catch (error) {
    if (error instanceof DomainError) return answer(submission.reply({ fieldErrors: { service: [error.key] } }), []);
    throw error;
  }
}

export default function NewServiceOrder() {
  const { services, preselected } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation("orders");
  const navigation = useNavigation();
  const upload = useUploadWithProgress<SubmissionResult<string[]>>();
  const serverAnswer = upload.answer ?? (actionData && "result" in actionData ? actionData : null);
  const [form, fields] = useZodForm(OrderCreateFormSchema, {
    id: "new-order",
    lastResult: serverAnswer?.result,
    defaultValue: { service: preselected ?? "" },
    onSubmit(event, { formData, action }) {
      if (upload.send(event.currentTarget, formData, action)) event.preventDefault();
    },
  });
  const busy = upload.progress !== null || navigation.state === "submitting";

  return (
    <div className="mx-auto max-w-2xl space-y-6">
      <div className="space-y-1">
        <h1 className="text-2xl font-semibold">{t("new.title")}</h1>
        <p className="text-muted-foreground">{t("new.intro")}</p>
      </div>
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

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.pageTitle ?? "" }];

export const ErrorBoundary = GeneralErrorBoundary;
