import { getFormProps, type FormMetadata } from "@conform-to/react";
import { Form, Link } from "@remix-run/react";
import { ArrowDown, ArrowUp, Pencil } from "lucide-react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { FieldErrors, FormErrors } from "~/components/forms";
import { Button, buttonVariants } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { Badge } from "~/components/ui/badge";
import { languageNames, supportedLanguages, type Language } from "~/lib/i18n/config";
import { cn } from "~/lib/utils";
import { IMAGE_ACCEPT } from "./images";

/** Pieces shared by the website's FAQs, testimonials, logos and announcements screens. */

/** One tab per language, as links (they work without JavaScript); the current one is marked. */
export function LanguageTabs({ current, hrefFor, missing = [] }: { current: Language; hrefFor: (language: Language) => string; missing?: Language[] }) {
  const { t } = useTranslation("site-media");
  return (
    <nav aria-label={t("tabs.label")} className="border-b">
      <ul className="-mb-px flex flex-wrap gap-1">
        {supportedLanguages.map((language) => (
          <li key={language}>
            <Link
              to={hrefFor(language)}
              aria-current={language === current ? "page" : undefined}
              lang={language}
              className={cn(
                "inline-flex items-center gap-2 border-b-2 px-4 py-2 text-sm font-semibold",
                language === current ? "border-primary text-primary" : "border-transparent text-muted-foreground hover:text-foreground",
              )}
            >
              {languageNames[language]}
              {missing.includes(language) ? <Badge tone="warning">{t("tabs.missing")}</Badge> : null}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** Up and down buttons (plain forms: no JavaScript needed), named for the row they move. */
export function MoveButtons({ id, name, first, last }: { id: string; name: string; first: boolean; last: boolean }) {
  const { t } = useTranslation("site-media");
  const moves = [
    { direction: "up", label: t("order.up", { name }), disabled: first, Icon: ArrowUp },
    { direction: "down", label: t("order.down", { name }), disabled: last, Icon: ArrowDown },
  ];
  return (
    <div className="flex gap-1">
      {moves.map(({ direction, label, disabled, Icon }) => (
        <Form key={direction} method="post">
          <input type="hidden" name="intent" value="move" />
          <input type="hidden" name="id" value={id} />
          <input type="hidden" name="direction" value={direction} />
          <Button type="submit" variant="outline" size="sm" disabled={disabled} aria-label={label} title={label}>
            <Icon aria-hidden />
          </Button>
        </Form>
      ))}
    </div>
  );
}

/** A row's edit link (it opens the item's form below the list), named for the row where the list has names. */
export function EditLink({ to, label }: { to: string; label?: string }) {
  const { t } = useTranslation("site-media");
  return (
    <Link to={to} className={buttonVariants({ variant: "outline", size: "sm" })} aria-label={label}>
      <Pencil aria-hidden />
      {t("actions.edit")}
    </Link>
  );
}

/**
 * An item's form below a website list: a titled card, the form's own messages first, the id of the item
 * being edited, then the fields. `multipart` for the forms that carry a picture.
 */
export function ItemEditor<Schema extends Record<string, unknown>>({
  form,
  heading,
  idName,
  editingId,
  multipart = false,
  children,
}: {
  form: FormMetadata<Schema, string[]>;
  heading: ReactNode;
  idName: string;
  editingId: string | undefined;
  multipart?: boolean;
  children: ReactNode;
}) {
  const titleId = `${form.id}-title`;
  return (
    <section aria-labelledby={titleId} className="space-y-4 rounded-lg border bg-card p-4">
      <h2 id={titleId} className="font-semibold">
        {heading}
      </h2>
      <Form method="post" encType={multipart ? "multipart/form-data" : undefined} className="space-y-4" {...getFormProps(form)}>
        <FormErrors id={form.errorId} errors={form.errors} />
        {editingId ? <input type="hidden" name={idName} value={editingId} /> : null}
        {children}
      </Form>
    </section>
  );
}

/**
 * A picture's file input with its hint and errors (the action answers a picture over the limit as an
 * error of this field); `preview` stands above the input, `children` below the errors.
 */
export function PictureField({
  id,
  name,
  label,
  hint,
  errors,
  preview,
  children,
}: {
  id: string;
  name: string;
  label: string;
  hint: string;
  errors: string[] | undefined;
  preview?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <div className="flex flex-col gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      {preview}
      <Input id={id} name={name} type="file" accept={IMAGE_ACCEPT} aria-describedby={`${id}-hint`} />
      <p id={`${id}-hint`} className="text-xs text-muted-foreground">
        {hint}
      </p>
      <FieldErrors id={`${id}-error`} errors={errors} />
      {children}
    </div>
  );
}

export function CheckboxField({
  name,
  label,
  defaultChecked,
  hint,
  id,
}: {
  name: string;
  label: ReactNode;
  defaultChecked?: boolean;
  hint?: ReactNode;
  id?: string;
}) {
  const fieldId = id ?? `field-${name}`;
  return (
    <div className="flex items-start gap-2">
      <input
        type="checkbox"
        id={fieldId}
        name={name}
        defaultChecked={defaultChecked}
        aria-describedby={hint ? `${fieldId}-hint` : undefined}
        className="mt-0.5 size-4 accent-primary"
      />
      <div className="flex flex-col gap-0.5">
        <label htmlFor={fieldId} className="text-sm font-medium">
          {label}
        </label>
        {hint ? (
          <p id={`${fieldId}-hint`} className="text-xs text-muted-foreground">
            {hint}
          </p>
        ) : null}
      </div>
    </div>
  );
}

export function isLanguageParam(value: string | null): value is Language {
  return (supportedLanguages as readonly string[]).includes(value ?? "");
}

/** An item form's buttons: save (or add, for a new item) and, while editing, cancel back to the list. */
export function EditorActions({ editing, addLabel, cancelTo }: { editing: boolean; addLabel: string; cancelTo: string }) {
  const { t } = useTranslation("site-media");
  return (
    <div className="flex flex-wrap gap-2">
      <Button type="submit">{editing ? t("actions.save") : addLabel}</Button>
      {editing ? (
        <Link to={cancelTo} className={buttonVariants({ variant: "outline" })}>
          {t("actions.cancel")}
        </Link>
      ) : null}
    </div>
  );
}
