import { useRef, useState, type DragEvent } from "react";
import { useHydrated } from "remix-utils/use-hydrated";

/**
 * Drag and drop between the columns of a board (the service tracker's and the tasks'),
 * as an enhancement of the cards' move buttons: a drop calls `onMove` with what the
 * buttons would have posted. Keyboard and no-JavaScript users use the buttons.
 *
 * The ref answers drag events at once; the state only restyles the columns (a fast drop
 * can arrive before React re-renders after dragstart).
 */
export function useBoardDrag<Status extends string>({
  canMove,
  onMove,
}: {
  canMove: (from: Status, to: Status) => boolean;
  onMove: (id: string, to: Status) => void;
}) {
  const draggedRef = useRef<{ id: string; from: Status } | null>(null);
  const [dragged, setDraggedState] = useState<{ id: string; from: Status } | null>(null);
  const [over, setOver] = useState<Status | null>(null);
  // Dropping needs React's handlers: before hydration no card is offered for dragging.
  const hydrated = useHydrated();
  const setDragged = (card: { id: string; from: Status } | null) => {
    draggedRef.current = card;
    setDraggedState(card);
  };
  const canDrop = (to: Status) => {
    const card = draggedRef.current;
    return Boolean(card && canMove(card.from, to));
  };

  return {
    hydrated,
    dragged,
    /** Whether the column is a place the dragged card may go, and whether it is under the pointer. */
    columnState: (status: Status) => ({ target: Boolean(dragged) && canDrop(status), over: over === status }),
    /** Props of a column's element. */
    columnProps: (status: Status) => ({
      onDragOver: (event: DragEvent) => {
        if (canDrop(status)) {
          event.preventDefault();
          setOver(status);
        }
      },
      onDragLeave: () => setOver((current) => (current === status ? null : current)),
      onDrop: (event: DragEvent) => {
        event.preventDefault();
        setOver(null);
        const card = draggedRef.current;
        if (card && canDrop(status)) onMove(card.id, status);
        setDragged(null);
      },
    }),
    /** Props of a card's element (not draggable before hydration, nor when it may go nowhere). */
    cardProps: (id: string, from: Status, movable = true) => ({
      draggable: hydrated && movable,
      onDragStart: (event: DragEvent) => {
        event.dataTransfer.effectAllowed = "move";
        event.dataTransfer.setData("text/plain", id);
        setDragged({ id, from });
      },
      onDragEnd: () => setDragged(null),
    }),
  };
}
