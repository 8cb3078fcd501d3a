import type { SubmissionResult } from "@conform-to/react";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { TextField, useZodForm } from "~/components/forms";
import { PageHeader } from "~/components/page-header";
import { Badge } from "~/components/ui/badge";
import { requireBackOffice } from "~/core/identity/guards.server";
import { logoImageSrc, IMAGE_MAX_MB, CheckboxField, EditLink, EditorActions, ItemEditor, MoveButtons, PictureField, LogoFormSchema } from "~/features/content";
import { listScreenData, pictureListAction, findLogoForAdmin, listLogosForAdmin, moveLogo, saveLogo, type AdminLogo } from "~/features/content/index.server";
import type { RouteHandle } from "~/lib/i18n/namespaces";
import { titleMeta } from "~/lib/meta";

/** /dashboard/logos: the clients' logos of the home page: image, alt text, link, order, published. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireBackOffice(request, "admin");
  return json(await listScreenData(request, { titleKey: "logos.title", list: listLogosForAdmin, find: findLogoForAdmin }));
}

type ActionData = { result: SubmissionResult<string[]> };

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireBackOffice(request, "admin");
  return pictureListAction(request, {
    back: "/dashboard/logos",
    fileField: "image",
    schema: LogoFormSchema,
    savedMessage: "site-media:logos.saved",
    move: (id, direction) => moveLogo(user, id, direction),
    save: (value, file) => saveLogo(user, value, file),
  });
}

export default function Logos() {
  const { items: logos, editing } = useLoaderData<typeof loader>();
  const { t } = useTranslation("site-media");
  return (
    <div className="mx-auto max-w-4xl space-y-6">
      <PageHeader title={t("logos.title")} description={t("logos.description")} />
      <ol className="space-y-3" aria-label={t("logos.title")}>
        {logos.map((logo, index) => (
          <li key={logo.id} className="flex flex-wrap items-center gap-4 rounded-lg border bg-card p-4" data-testid="logo-row">
            <div className="flex h-16 w-40 items-center justify-center rounded bg-white p-1">
              {logo.fileId ? (
                <img
                  src={logoImageSrc(logo.fileId)}
                  alt={logo.name}
                  width={logo.width ?? undefined}
                  height={logo.height ?? undefined}
                  className="max-h-14 w-auto max-w-full object-contain"
                />
              ) : (
                <span className="text-sm font-semibold text-neutral-700">{logo.name}</span>
              )}
            </div>
            <div className="min-w-0 flex-1 space-y-1">
              <div className="flex flex-wrap items-center gap-2">
                <span className="font-semibold">{logo.name}</span>
                {logo.published ? <Badge tone="success">{t("status.published")}</Badge> : <Badge tone="quiet">{t("status.draft")}</Badge>}
              </div>
              {logo.websiteUrl ? (
                <p className="truncate text-sm text-muted-foreground" dir="ltr">
                  {logo.websiteUrl}
                </p>
              ) : null}
              {logo.width && logo.height ? (
                <p className="text-xs text-muted-foreground">{t("logos.size", { width: logo.width, height: logo.height })}</p>
              ) : null}
            </div>
            <div className="flex flex-wrap items-center gap-2">
              <MoveButtons id={logo.id} name={logo.name} first={index === 0} last={index === logos.length - 1} />
              <EditLink to={`/dashboard/logos?edit=${logo.id}#logo-form`} label={t("logos.editNamed", { name: logo.name })} />
            </div>
          </li>
        ))}
      </ol>
      {logos.length === 0 ? <p className="text-muted-foreground">{t("logos.empty")}</p> : null}
      <LogoForm key={editing?.id ?? "new"} editing={editing} />
    </div>
  );
}

function LogoForm({ editing }: { editing: AdminLogo | null }) {
  const { t } = useTranslation("site-media");
  const actionData = useActionData<ActionData>();
  const [form, fields] = useZodForm(LogoFormSchema, {
    id: "logo-form",
    lastResult: actionData && "result" in actionData ? actionData.result : undefined,
    shouldValidate: "onSubmit",
    defaultValue: editing ? { name: editing.name, websiteUrl: editing.websiteUrl ?? "" } : {},
  });
  return (
    <ItemEditor
      form={form}
      heading={editing ? t("logos.edit", { name: editing.name }) : t("logos.add")}
      idName={fields.id.name}
      editingId={editing?.id}
      multipart
    >
      <PictureField
        id="logo-image"
        name="image"
        label={t("logos.image")}
        hint={editing ? t("logos.imageKeep", { max: IMAGE_MAX_MB }) : t("images.hint", { max: IMAGE_MAX_MB })}
        errors={form.allErrors.image}
      />
      <TextField field={fields.name} label={t("logos.alt")} hint={t("logos.altHint")} />
      <TextField field={fields.websiteUrl} type="url" label={t("logos.link")} hint={t("logos.linkHint")} inputProps={{ dir: "ltr" }} />
      <CheckboxField name={fields.published.name} label={t("logos.published")} defaultChecked={editing?.published ?? true} />
      <EditorActions editing={Boolean(editing)} addLabel={t("logos.addButton")} cancelTo={"/dashboard/logos"} />
    </ItemEditor>
  );
}

export const handle = { i18n: ["site-media"] } satisfies RouteHandle;

export const meta = titleMeta;

export const ErrorBoundary = GeneralErrorBoundary;
