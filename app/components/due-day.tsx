import { useFormatter } from "~/lib/format";

/** A due day (as written, in no zone), flagged in words and not by colour alone when it has passed. */
export function DueDay({ day, overdue, overdueLabel }: { day: string; overdue: boolean; overdueLabel: string }) {
  const format = useFormatter();
  // No icon beside the word: a list repeats this on every late row, and the word is the flag.
  return (
    <span className={overdue ? "due-day due-day-late" : "due-day"}>
      <time dateTime={day}>{format.day(day)}</time>
      {overdue ? <span className="overdue-flag">{overdueLabel}</span> : null}
    </span>
  );
}
