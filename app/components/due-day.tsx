import { AlertTriangle } from "lucide-react";
import { useFormatter } from "~/lib/format";
import { cn } from "~/lib/utils";

/** A due day (as written, in no zone), flagged in words and not by colour alone when it has passed. */
export function DueDay({ day, overdue, overdueLabel }: { day: string; overdue: boolean; overdueLabel: string }) {
  const format = useFormatter();
  return (
    <span className={cn("inline-flex flex-wrap items-center gap-1", overdue && "font-semibold text-destructive")}>
      <time dateTime={day}>{format.day(day)}</time>
      {overdue ? (
        <span className="inline-flex items-center gap-1 text-xs">
          <AlertTriangle className="size-3.5" aria-hidden />
          {overdueLabel}
        </span>
      ) : null}
    </span>
  );
}
