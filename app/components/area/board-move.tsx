import { Form } from "@remix-run/react";

/**
 * A board card's moves without JavaScript: one form, one button per state it may go to
 * (`name="status"`), each naming the card for screen readers. The buttons use the compact
 * `board-move` class: a board holds dozens of them, and each utility-class string would be
 * repeated in the HTML for every one.
 */
export function BoardMoveButtons({ id, itemName, targets }: { id: string; itemName: string; targets: ReadonlyArray<{ status: string; label: string }> }) {
  if (targets.length === 0) return null;
  return (
    <Form method="post" className="board-moves">
      <input type="hidden" name="id" value={id} />
      {targets.map(({ status, label }) => (
        <button key={status} type="submit" name="status" value={status} className="board-move">
          {label}
          <span className="sr-only">{` (${itemName})`}</span>
        </button>
      ))}
    </Form>
  );
}
