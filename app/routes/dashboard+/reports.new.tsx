import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { FormErrors, SelectField, TextareaField, TextField, useZodForm } from "~/components/forms";
import { PageHeader } from "~/components/page-header";
import { Button } from "~/components/ui/button";
import { requireAdmin } from "~/core/identity/guards.server";
import { createReportFromForm, findClient, searchClients } from "~/features/reports/index.server";
import { ReportCreateFormSchema } from "~/features/reports";
import { ClientPicker } from "~/features/users";
import { DocumentField, UploadProgress, useUploadWithProgress } from "~/features/service-orders";
import { listOrdersOfClient, type NewRecordAnswer } from "~/features/service-orders/index.server";
import { getFixedT, getLanguage } from "~/lib/i18n/i18n.server";
import type { RouteHandle } from "~/lib/i18n/namespaces";
import { titleMeta } from "~/lib/meta";

/**
 * Two steps that work without JavaScript: find and pick the client (GET
 * ?q=&client=), then write the report, optionally about one of that client's orders.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireAdmin(request);
  const url = new URL(request.url);
  const q = url.searchParams.get("q")?.trim().slice(0, 100) || undefined;
  const clientId = url.searchParams.get("client") || null;
  const clients = await searchClients(user, q);
  const chosen = clientId ? await findClient(user, clientId) : null;
  const t = await getFixedT(await getLanguage(request), "reports");
  return json({
    q: q ?? "",
    clients,
    client: chosen,
    orders: chosen ? await listOrdersOfClient(user, chosen.id) : [],
    title: t("new.title"),
  });
}

export async function action({ request }: ActionFunctionArgs) {
  return createReportFromForm(request, await requireAdmin(request));
}

export default function NewReport() {
  const { q, clients, client, orders } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation("reports");
  const { t: tOrders } = useTranslation("orders");
  const upload = useUploadWithProgress<SubmissionResult<string[]>>("/resources/uploads/dashboard/reports/new");
  const serverAnswer = upload.answer ?? (actionData && "result" in actionData ? (actionData as NewRecordAnswer) : null);
  const [form, fields] = useZodForm(ReportCreateFormSchema, {
    id: "new-report",
    lastResult: serverAnswer?.result,
    defaultValue: { clientId: client?.id ?? "" },
    onSubmit(event, { formData }) {
      if (upload.send(event.currentTarget, formData)) event.preventDefault();
    },
  });

  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <PageHeader title={t("new.title")} />

      <ClientPicker
        title={t("new.stepClient")}
        labels={{ search: t("new.searchClient"), find: t("new.find"), client: t("new.client"), choose: t("new.chooseClient"), use: t("new.useClient") }}
        q={q}
        clients={clients}
        chosenId={client?.id}
      />

      {client ? (
        <Form method="post" encType="multipart/form-data" className="space-y-5" {...getFormProps(form)}>
          <h2 className="font-semibold">{t("new.stepWrite", { client: client.fullName })}</h2>
          <FormErrors id={form.errorId} errors={form.errors} />
          <input type="hidden" name={fields.clientId.name} value={client.id} />
          <SelectField
            field={fields.orderId}
            label={t("new.order")}
            placeholder={t("new.noOrder")}
            options={orders.map((order) => ({ value: order.id, label: `${order.reference} · ${tOrders(`status.${order.status}`)}` }))}
          />
          <TextField field={fields.title} label={t("new.reportTitle")} />
          <TextareaField field={fields.body} label={t("new.body")} hint={t("new.bodyHint")} textareaProps={{ rows: 12, className: "font-mono" }} />
          <DocumentField name="attachments" id="attachments" label={t("new.attachments")} errors={serverAnswer?.fileErrors} />
          <UploadProgress progress={upload.progress} failed={upload.failed} />
          <Button type="submit" disabled={upload.progress !== null}>
            {t("new.submit")}
          </Button>
        </Form>
      ) : null}
    </div>
  );
}

export const handle = { i18n: ["reports", "orders"] } satisfies RouteHandle;

export const meta = titleMeta;

export const ErrorBoundary = GeneralErrorBoundary;
