import { Form, useLocation, useSubmit } from "@remix-run/react";
import { SlidersHorizontal } from "lucide-react";
import { useEffect, useRef, useState, type FormEvent, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { cn } from "~/lib/utils";

/** Fields that commit a value while typing: they apply on Enter (or the Apply button), not on each key. */
const TYPED = new Set(["text", "search", "email", "tel", "url", "number"]);

function isTyped(element: EventTarget): boolean {
  return (element instanceof HTMLInputElement && TYPED.has(element.type)) || element instanceof HTMLTextAreaElement;
}

/**
 * The GET form of a list's filters. Without JavaScript it is a plain form with its Apply
 * button. With JavaScript a choice applies at once (a select, a date, a box), replacing the
 * history entry so Back leaves the list instead of stepping through each filter; the page
 * number starts again and the address's other parameters stay. The Apply button then hides,
 * unless a typed field (a search) still needs it.
 *
 * `active` (the number of filters in use) folds the form on phones under "Filters (n)":
 * a <details>, so it opens without JavaScript; from the lg breakpoint it is always open.
 */
export function ListFilters({ label, active, className, children }: { label?: string; active?: number; className?: string; children: ReactNode }) {
  const { t } = useTranslation();
  const submit = useSubmit();
  const location = useLocation();
  const formRef = useRef<HTMLFormElement>(null);
  const [applyHidden, setApplyHidden] = useState(false);

  useEffect(() => {
    const form = formRef.current;
    setApplyHidden(Boolean(form) && !Array.from(form!.elements).some(isTyped));
  }, []);

  const apply = (form: HTMLFormElement) => {
    const fields = new FormData(form);
    const params = new URLSearchParams(location.search);
    // Every field of the form is replaced (an unchecked box sends nothing, so its old value goes too).
    for (const element of Array.from(form.elements)) {
      const name = (element as HTMLInputElement).name;
      if (name) params.delete(name);
    }
    params.delete("page");
    for (const [name, value] of fields) if (typeof value === "string") params.append(name, value);
    submit(params, { method: "get", action: location.pathname, replace: true, preventScrollReset: true });
  };

  const form = (
    <Form
      ref={formRef}
      method="get"
      aria-label={label ?? t("filters.summary")}
      data-auto-apply={applyHidden ? "" : undefined}
      className={cn("data-[auto-apply]:[&_button[type=submit]]:hidden", active !== undefined && "p-4 max-lg:pt-1", className)}
      onChange={(event) => {
        if (!isTyped(event.target)) apply(event.currentTarget);
      }}
      onSubmit={(event: FormEvent<HTMLFormElement>) => {
        event.preventDefault();
        apply(event.currentTarget);
      }}
    >
      {children}
    </Form>
  );
  if (active === undefined) return form;
  return (
    <details className="list-filters rounded-lg border bg-card" data-testid="list-filters">
      <summary className="flex cursor-pointer items-center gap-2 p-3 text-sm font-semibold lg:hidden">
        <SlidersHorizontal aria-hidden className="size-4" />
        {active > 0 ? t("filters.summaryActive", { n: active }) : t("filters.summary")}
      </summary>
      {form}
    </details>
  );
}
