import { Form } from "@remix-run/react";
import { useHydrated } from "remix-utils/use-hydrated";
import { ConfirmAction } from "~/components/confirm-action";

export type BoardCancelMove = {
  status: string;
  label: string;
  /** The confirmation's heading, text and confirming button. */
  title: string;
  description: string;
  confirmLabel: string;
};

/**
 * A board card's moves without JavaScript: one form, one button per state it may go to
 * (`name="status"`), each naming the card for screen readers. The buttons use the compact
 * `board-move` class: a board holds dozens of them, and each utility-class string would be
 * repeated in the HTML for every one. The cancelling move is not one of them: a quiet button
 * in the danger colour that asks first. With JavaScript it opens the confirmation dialog
 * (which a drop on the Cancelled column opens too: `confirmOpen`); without, it opens a
 * <details> block of the same form with the question and the confirming button, lighter than
 * ConfirmAction's own block since every card of the board carries it.
 */
export function BoardMoveButtons({
  id,
  itemName,
  targets,
  cancel,
  confirmOpen,
  onConfirmOpenChange,
}: {
  id: string;
  itemName: string;
  targets: ReadonlyArray<{ status: string; label: string }>;
  cancel?: BoardCancelMove;
  confirmOpen?: boolean;
  onConfirmOpenChange?: (open: boolean) => void;
}) {
  const hydrated = useHydrated();
  if (targets.length === 0 && !cancel) return null;
  const forItem = <span className="sr-only">{` (${itemName})`}</span>;
  return (
    <Form method="post" className="board-moves">
      <input type="hidden" name="id" value={id} />
      {targets.map(({ status, label }) => (
        <button key={status} type="submit" name="status" value={status} className="board-move">
          {label}
          {forItem}
        </button>
      ))}
      {cancel && hydrated ? (
        <ConfirmAction
          label={
            <>
              {cancel.label}
              {forItem}
            </>
          }
          title={cancel.title}
          description={cancel.description}
          confirmLabel={cancel.confirmLabel}
          fields={{ id, status: cancel.status }}
          triggerVariant="ghost"
          size="xs"
          className="text-destructive"
          testId={`cancel-move-${id}`}
          open={confirmOpen}
          onOpenChange={onConfirmOpenChange}
        />
      ) : null}
      {cancel && !hydrated ? (
        <details className="board-cancel">
          <summary>
            {cancel.label}
            {forItem}
          </summary>
          <p>{cancel.title}</p>
          <button type="submit" name="status" value={cancel.status} className="board-move">
            {cancel.confirmLabel}
          </button>
        </details>
      ) : null}
    </Form>
  );
}
