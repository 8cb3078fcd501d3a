import { getInputProps, getSelectProps, type FieldMetadata, type FormMetadata } from "@conform-to/react";
import { ArrowDown, ArrowUp, Plus, Trash2 } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useHydrated } from "remix-utils/use-hydrated";
import { FieldErrors, TextareaField, TextField } from "~/components/forms";
import { Button } from "~/components/ui/button";
import { Select } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { EMPTY_ITEM, type ItemFormInput } from "./staff-forms";
import { ANSWER_TYPES, REQUEST_ITEM_KINDS, type AnswerType, type RequestItemKind } from "./status";

/**
 * The items of a request list or a template, as staff define them: what each asks for (a
 * document, a question with its type of answer and, for a choice, its choices, or a
 * confirmation), a hint, required or not. One editor for the new-list form and the template
 * form. Add, remove and move are Conform list intents: without JavaScript they post the form
 * and the page comes back with the list changed, what was typed kept. With JavaScript a
 * question's answer type (and a choice's choices) shows as soon as it is chosen.
 */
type AnyForm = FormMetadata<Record<string, unknown>, string[]>;
type ItemsField = FieldMetadata<ItemFormInput[] | undefined, Record<string, unknown>, string[]>;
export type ItemFieldMetadata = FieldMetadata<ItemFormInput | undefined, Record<string, unknown>, string[]>;
type ItemField = ItemFieldMetadata;

export function ItemsEditor({ form, field }: { form: AnyForm; field: ItemsField }) {
  const { t } = useTranslation("requests");
  const items = field.getFieldList();
  return (
    <fieldset className="space-y-3" data-testid="items-editor">
      <legend className="text-sm font-semibold">{t("staff.items.heading")}</legend>
      <FieldErrors id={field.errorId} errors={field.errors} />
      <ol className="space-y-3">
        {items.map((item, index) => (
          <li key={item.key} className="space-y-3 rounded-md border p-3" aria-label={t("staff.items.number", { number: index + 1 })} data-testid="item-row">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <span className="text-sm font-semibold">{t("staff.items.number", { number: index + 1 })}</span>
              <span className="flex gap-1">
                <Button
                  variant="ghost"
                  size="sm"
                  aria-label={t("staff.items.moveUp", { number: index + 1 })}
                  title={t("staff.items.moveUp", { number: index + 1 })}
                  disabled={index === 0}
                  {...form.reorder.getButtonProps({ name: field.name, from: index, to: index - 1 })}
                >
                  <ArrowUp className="size-4" aria-hidden />
                </Button>
                <Button
                  variant="ghost"
                  size="sm"
                  aria-label={t("staff.items.moveDown", { number: index + 1 })}
                  title={t("staff.items.moveDown", { number: index + 1 })}
                  disabled={index === items.length - 1}
                  {...form.reorder.getButtonProps({ name: field.name, from: index, to: index + 1 })}
                >
                  <ArrowDown className="size-4" aria-hidden />
                </Button>
                <Button
                  variant="ghost"
                  size="sm"
                  aria-label={t("staff.items.remove", { number: index + 1 })}
                  title={t("staff.items.remove", { number: index + 1 })}
                  disabled={items.length <= 1}
                  {...form.remove.getButtonProps({ name: field.name, index })}
                >
                  <Trash2 className="size-4" aria-hidden />
                </Button>
              </span>
            </div>
            <ItemFields field={item as ItemField} />
          </li>
        ))}
      </ol>
      <Button variant="outline" size="sm" {...form.insert.getButtonProps({ name: field.name, defaultValue: EMPTY_ITEM })} data-testid="add-item">
        <Plus className="size-4" aria-hidden />
        {t("staff.items.add")}
      </Button>
    </fieldset>
  );
}

/** One item's fields (also the add and edit forms of an open list's page). */
export function ItemFields({ field }: { field: ItemField }) {
  const { t } = useTranslation("requests");
  const hydrated = useHydrated();
  const parts = field.getFieldset();
  const [kind, setKind] = useState<RequestItemKind | undefined>(parts.kind.initialValue as RequestItemKind | undefined);
  const [answerType, setAnswerType] = useState<AnswerType | undefined>(parts.answerType.initialValue as AnswerType | undefined);
  // Without JavaScript every field shows (the server ignores what the kind does not use).
  const showAnswerType = !hydrated || kind === "question";
  const showChoices = !hydrated || (kind === "question" && answerType === "choice");
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      <div className="flex flex-col gap-1.5">
        <Label htmlFor={parts.kind.id}>{t("staff.items.kind")}</Label>
        <Select {...getSelectProps(parts.kind)} onChange={(event) => setKind(event.currentTarget.value as RequestItemKind)}>
          {REQUEST_ITEM_KINDS.map((value) => (
            <option key={value} value={value}>
              {t(`kind.${value}`)}
            </option>
          ))}
        </Select>
        <FieldErrors id={parts.kind.errorId} errors={parts.kind.errors} />
      </div>
      {showAnswerType ? (
        <div className="flex flex-col gap-1.5">
          <Label htmlFor={parts.answerType.id}>{t("staff.items.answerType")}</Label>
          <Select {...getSelectProps(parts.answerType)} onChange={(event) => setAnswerType((event.currentTarget.value || undefined) as AnswerType | undefined)}>
            <option value="">{hydrated ? t("staff.items.chooseAnswerType") : t("staff.items.answerTypeQuestionsOnly")}</option>
            {ANSWER_TYPES.map((value) => (
              <option key={value} value={value}>
                {t(`answerType.${value}`)}
              </option>
            ))}
          </Select>
          <FieldErrors id={parts.answerType.errorId} errors={parts.answerType.errors} />
        </div>
      ) : null}
      <TextField field={parts.label} label={t("staff.items.label")} className="sm:col-span-2" inputProps={{ dir: "auto", maxLength: 300 }} />
      <TextField field={parts.hint} label={t("staff.items.hint")} hint={t("staff.items.hintHint")} className="sm:col-span-2" inputProps={{ dir: "auto" }} />
      {showChoices ? (
        <TextareaField
          field={parts.choices}
          label={t("staff.items.choices")}
          hint={t("staff.items.choicesHint")}
          className="sm:col-span-2"
          textareaProps={{ rows: 3, dir: "auto" }}
        />
      ) : null}
      <div className="flex items-center gap-2">
        <input {...getInputProps(parts.required, { type: "checkbox" })} className="size-4 accent-primary" />
        <Label htmlFor={parts.required.id}>{t("staff.items.required")}</Label>
      </div>
    </div>
  );
}
