import * as AlertDialog from "@radix-ui/react-alert-dialog";
import { Form } from "@remix-run/react";
import { AlertTriangle } from "lucide-react";
import { useId, useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { useHydrated } from "remix-utils/use-hydrated";
import { Button, type ButtonProps } from "~/components/ui/button";
import { Textarea } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { cn } from "~/lib/utils";

/**
 * The one way a destructive action asks first (delete, cancel, deactivate, void).
 * Without JavaScript the trigger opens a <details> block with the warning and the
 * confirming button of a plain form; with JavaScript it opens an alert dialog
 * (focus kept inside, Escape cancels). Both post the same form.
 */
export type ConfirmActionProps = {
  /** The trigger's text, e.g. "Delete". */
  label: ReactNode;
  /** The dialog's heading, e.g. "Delete this report?" */
  title: ReactNode;
  /** What will happen; "This action cannot be undone." where it cannot. */
  description: ReactNode;
  /** The confirming button's text, e.g. "Delete report". */
  confirmLabel: ReactNode;
  /** Hidden fields of the form, e.g. `{ intent: "delete" }`. */
  fields?: Record<string, string>;
  /** The form's action (defaults to the current route). */
  action?: string;
  method?: "post" | "delete";
  /** A text box in the confirmation for why (kept with the record); optional to fill. */
  reason?: ReasonField;
  /** Other fields shown in the confirmation (a date). */
  children?: ReactNode;
  triggerVariant?: ButtonProps["variant"];
  size?: ButtonProps["size"];
  icon?: ReactNode;
  className?: string;
  testId?: string;
  /** The dialog opened from elsewhere too (a card dropped on the Cancelled column); the trigger still opens it. */
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
};

export type ReasonField = {
  label: ReactNode;
  /** The field's name in the form; "reason" unless said. */
  name?: string;
  maxLength?: number;
  hint?: ReactNode;
  /** The id of the field's error, shown beside the action after a refused submission; the box is described by it. */
  errorId?: string;
};

function ReasonBox({ reason }: { reason?: ReasonField }) {
  const id = useId();
  if (!reason) return null;
  const { label, name = "reason", maxLength = 2000, hint, errorId } = reason;
  const describedBy = [hint ? `${id}-hint` : null, errorId ?? null].filter(Boolean).join(" ") || undefined;
  return (
    <div className="flex flex-col gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <Textarea id={id} name={name} rows={2} maxLength={maxLength} aria-describedby={describedBy} />
      {hint ? (
        <p id={`${id}-hint`} className="text-xs text-muted-foreground">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

function HiddenFields({ fields }: { fields?: Record<string, string> }) {
  return (
    <>
      {Object.entries(fields ?? {}).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
    </>
  );
}

export function ConfirmAction({
  label,
  title,
  description,
  confirmLabel,
  fields,
  action,
  method = "post",
  reason,
  children,
  triggerVariant = "outline",
  size = "sm",
  icon,
  className,
  testId,
  open: openFromProps,
  onOpenChange,
}: ConfirmActionProps) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const [ownOpen, setOwnOpen] = useState(false);
  const open = openFromProps ?? ownOpen;
  const setOpen = onOpenChange ?? setOwnOpen;

  if (!hydrated) {
    return (
      <details className={cn("group", className)} data-testid={testId}>
        <summary
          className={cn(
            "inline-flex cursor-pointer list-none items-center gap-2 rounded-md text-sm font-semibold [&::-webkit-details-marker]:hidden",
            // Otherwise the colour of its block (a quiet trigger in the danger colour passes `text-destructive`).
            triggerVariant === "destructive" && "text-destructive",
          )}
        >
          {icon}
          {label}
        </summary>
        <Form method={method} action={action} className="mt-3 flex flex-col gap-3 rounded-md border border-destructive/40 bg-destructive/5 p-3">
          <p className="font-semibold">{title}</p>
          <p className="text-sm text-muted-foreground">{description}</p>
          <ReasonBox reason={reason} />
          {children}
          <HiddenFields fields={fields} />
          <div>
            <Button type="submit" variant="destructive" size="sm">
              {confirmLabel}
            </Button>
          </div>
        </Form>
      </details>
    );
  }

  return (
    <AlertDialog.Root open={open} onOpenChange={setOpen}>
      <AlertDialog.Trigger asChild>
        <Button type="button" variant={triggerVariant} size={size} className={className} data-testid={testId}>
          {icon}
          {label}
        </Button>
      </AlertDialog.Trigger>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-50 bg-black/50 motion-safe:animate-fade-in" />
        <AlertDialog.Content className="fixed start-1/2 top-1/2 z-50 w-[min(28rem,calc(100vw-2rem))] -translate-y-1/2 rounded-lg border bg-background p-6 shadow-lg ltr:-translate-x-1/2 rtl:translate-x-1/2 motion-safe:animate-fade-in">
          <Form method={method} action={action} onSubmit={() => setOpen(false)} className="flex flex-col gap-4">
            <div className="flex items-start gap-3">
              <AlertTriangle aria-hidden className="mt-0.5 size-5 shrink-0 text-destructive" />
              <div className="flex flex-col gap-2">
                <AlertDialog.Title className="text-lg font-semibold">{title}</AlertDialog.Title>
                <AlertDialog.Description className="text-sm text-muted-foreground">{description}</AlertDialog.Description>
              </div>
            </div>
            <ReasonBox reason={reason} />
            {children}
            <HiddenFields fields={fields} />
            <div className="flex flex-wrap justify-end gap-2">
              <AlertDialog.Cancel asChild>
                <Button type="button" variant="outline">
                  {t("confirm.cancel")}
                </Button>
              </AlertDialog.Cancel>
              <Button type="submit" variant="destructive">
                {confirmLabel}
              </Button>
            </div>
          </Form>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
