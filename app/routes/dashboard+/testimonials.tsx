import type { SubmissionResult } from "@conform-to/react";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { Star } from "lucide-react";
import { useTranslation } from "react-i18next";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { FieldErrors, SelectField, TextareaField, TextField, useZodForm } from "~/components/forms";
import { PageHeader } from "~/components/page-header";
import { Badge } from "~/components/ui/badge";
import { requireBackOffice } from "~/core/identity/guards.server";
import {
  testimonialPhotoSrc,
  IMAGE_MAX_MB,
  CheckboxField,
  EditLink,
  EditorActions,
  ItemEditor,
  MoveButtons,
  PictureField,
  TestimonialFormSchema,
} from "~/features/content";
import {
  listScreenData,
  pictureListAction,
  findTestimonialForAdmin,
  listTestimonialsForAdmin,
  moveTestimonial,
  saveTestimonial,
  type AdminTestimonial,
} from "~/features/content/index.server";
import { useFormatter } from "~/lib/format";
import { languageNames, supportedLanguages } from "~/lib/i18n/config";
import type { RouteHandle } from "~/lib/i18n/namespaces";
import { titleMeta } from "~/lib/meta";

/**
 * /dashboard/testimonials: what clients said, in the language they said it, with their rating and
 * photo. A testimonial is published only with the person's consent, recorded here (who, when).
 */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireBackOffice(request, "admin");
  return json(await listScreenData(request, { titleKey: "testimonials.title", list: listTestimonialsForAdmin, find: findTestimonialForAdmin }));
}

type ActionData = { result: SubmissionResult<string[]> };

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireBackOffice(request, "admin");
  return pictureListAction(request, {
    back: "/dashboard/testimonials",
    fileField: "photo",
    schema: TestimonialFormSchema,
    savedMessage: "site-media:testimonials.saved",
    move: (id, direction) => moveTestimonial(user, id, direction),
    save: (value, file) => saveTestimonial(user, value, file),
  });
}

export default function Testimonials() {
  const { items: testimonials, editing } = useLoaderData<typeof loader>();
  const { t } = useTranslation("site-media");
  const consentRecorded = useConsentRecorded();
  return (
    <div className="mx-auto max-w-4xl space-y-6">
      <PageHeader title={t("testimonials.title")} description={t("testimonials.description")} />
      <ol className="space-y-3" aria-label={t("testimonials.title")}>
        {testimonials.map((item, index) => (
          <li key={item.id} className="flex flex-wrap items-start gap-4 rounded-lg border bg-card p-4" data-testid="testimonial-row">
            {item.photo ? (
              <img src={testimonialPhotoSrc(item.photo.fileId)} alt="" width={48} height={48} className="size-12 rounded-full object-cover" />
            ) : (
              <span aria-hidden className="flex size-12 items-center justify-center rounded-full bg-muted text-lg font-semibold">
                {item.authorName.slice(0, 1)}
              </span>
            )}
            <div className="min-w-0 flex-1 space-y-1">
              <div className="flex flex-wrap items-center gap-2">
                <span className="font-semibold">{item.authorName}</span>
                {item.authorTitle ? <span className="text-sm text-muted-foreground">{item.authorTitle}</span> : null}
                {item.published ? <Badge tone="success">{t("status.published")}</Badge> : <Badge tone="quiet">{t("status.draft")}</Badge>}
                <Badge tone="quiet">{languageNames[item.language]}</Badge>
              </div>
              <p className="flex items-center gap-0.5 text-sm" role="img" aria-label={t("testimonials.ratingOf", { rating: item.rating })}>
                {Array.from({ length: 5 }, (_, star) => (
                  <Star key={star} aria-hidden className={star < item.rating ? "size-4 fill-current text-warning" : "size-4 text-muted-foreground"} />
                ))}
              </p>
              <p className="line-clamp-2 text-sm" lang={item.language} dir="auto">
                {item.quote}
              </p>
              <p className="text-xs text-muted-foreground">{consentRecorded(item) ?? t("testimonials.noConsent")}</p>
            </div>
            <div className="flex flex-wrap items-center gap-2">
              <MoveButtons id={item.id} name={item.authorName} first={index === 0} last={index === testimonials.length - 1} />
              <EditLink to={`/dashboard/testimonials?edit=${item.id}#testimonial-form`} label={t("testimonials.editNamed", { name: item.authorName })} />
            </div>
          </li>
        ))}
      </ol>
      {testimonials.length === 0 ? <p className="text-muted-foreground">{t("testimonials.empty")}</p> : null}
      <TestimonialForm key={editing?.id ?? "new"} editing={editing} />
    </div>
  );
}

function TestimonialForm({ editing }: { editing: AdminTestimonial | null }) {
  const { t } = useTranslation("site-media");
  const consentRecorded = useConsentRecorded();
  const actionData = useActionData<ActionData>();
  const [form, fields] = useZodForm(TestimonialFormSchema, {
    id: "testimonial-form",
    lastResult: actionData && "result" in actionData ? actionData.result : undefined,
    shouldValidate: "onSubmit",
    defaultValue: editing
      ? { authorName: editing.authorName, authorTitle: editing.authorTitle, quote: editing.quote, rating: String(editing.rating), language: editing.language }
      : { rating: "5", language: "en" },
  });
  return (
    <ItemEditor
      form={form}
      heading={editing ? t("testimonials.edit", { name: editing.authorName }) : t("testimonials.add")}
      idName={fields.id.name}
      editingId={editing?.id}
      multipart
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField field={fields.authorName} label={t("testimonials.name")} />
        <TextField field={fields.authorTitle} label={t("testimonials.role")} />
      </div>
      <TextareaField field={fields.quote} label={t("testimonials.quote")} textareaProps={{ dir: "auto", rows: 4 }} />
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField
          field={fields.rating}
          label={t("testimonials.rating")}
          options={[5, 4, 3, 2, 1].map((value) => ({ value: String(value), label: t("testimonials.stars", { count: value }) }))}
        />
        <SelectField
          field={fields.language}
          label={t("testimonials.language")}
          options={supportedLanguages.map((code) => ({ value: code, label: languageNames[code] }))}
        />
      </div>
      <PictureField
        id="testimonial-photo"
        name="photo"
        label={t("testimonials.photo")}
        hint={t("images.hint", { max: IMAGE_MAX_MB })}
        errors={form.allErrors.photo}
        preview={
          editing?.photo ? (
            <img
              src={testimonialPhotoSrc(editing.photo.fileId)}
              alt={t("testimonials.currentPhoto")}
              width={editing.photo.width}
              height={editing.photo.height}
              className="size-24 rounded-full object-cover"
            />
          ) : null
        }
      >
        {editing?.photo ? <CheckboxField name={fields.removePhoto.name} label={t("testimonials.removePhoto")} /> : null}
      </PictureField>
      <CheckboxField
        name={fields.consent.name}
        label={t("testimonials.consent")}
        defaultChecked={Boolean(editing?.consentRecordedAt)}
        hint={(editing && consentRecorded(editing)) ?? t("testimonials.consentHint")}
      />
      <div>
        <CheckboxField
          name={fields.published.name}
          label={t("testimonials.published")}
          defaultChecked={editing?.published ?? false}
          hint={t("testimonials.publishedHint")}
        />
        <FieldErrors id={fields.published.errorId} errors={fields.published.errors} />
      </div>
      <EditorActions editing={Boolean(editing)} addLabel={t("testimonials.addButton")} cancelTo={"/dashboard/testimonials"} />
    </ItemEditor>
  );
}

/** When, and by whom where known, the person's consent was recorded; null when it was not. */
function useConsentRecorded() {
  const { t } = useTranslation("site-media");
  const format = useFormatter();
  return ({ consentRecordedAt, consentRecordedByName }: { consentRecordedAt: string | null; consentRecordedByName: string | null }) => {
    if (!consentRecordedAt) return null;
    const date = format.dateTime(consentRecordedAt);
    return consentRecordedByName ? t("testimonials.consentBy", { date, name: consentRecordedByName }) : t("testimonials.consentOn", { date });
  };
}

export const handle = { i18n: ["site-media"] } satisfies RouteHandle;

export const meta = titleMeta;

export const ErrorBoundary = GeneralErrorBoundary;
