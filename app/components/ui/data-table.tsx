import type { ReactNode } from "react";
import { cn } from "~/lib/utils";

export type DataTableColumn<Row> = {
  header: ReactNode;
  cell: (row: Row) => ReactNode;
  /** Numbers line up at the end. */
  align?: "start" | "end";
  className?: string;
};

/**
 * The one table style of the staff lists (DESIGN.md): a bordered box that scrolls
 * sideways on narrow screens, a caption for screen readers, a sticky header row,
 * and the list's own message in the body when there is nothing to show.
 */
export function DataTable<Row>({
  caption,
  columns,
  rows,
  rowKey,
  empty,
  rowClassName,
  testId,
}: {
  caption: string;
  columns: Array<DataTableColumn<Row>>;
  rows: Row[];
  rowKey: (row: Row) => string;
  empty: ReactNode;
  rowClassName?: (row: Row) => string | undefined;
  testId?: string;
}) {
  return (
    <div className="overflow-x-auto rounded-lg border">
      <table className="w-full text-sm" data-testid={testId}>
        <caption className="sr-only">{caption}</caption>
        <thead className="sticky top-0 bg-muted">
          <tr>
            {columns.map((column, index) => (
              <th key={index} scope="col" className={cn("p-3 font-semibold", column.align === "end" ? "text-end" : "text-start")}>
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 ? (
            <tr>
              <td colSpan={columns.length} className="p-6 text-center text-muted-foreground">
                {empty}
              </td>
            </tr>
          ) : (
            rows.map((row) => (
              <tr key={rowKey(row)} className={cn("border-t", rowClassName?.(row))}>
                {columns.map((column, index) => (
                  <td key={index} className={cn("p-3", column.align === "end" && "text-end tabular-nums", column.className)}>
                    {column.cell(row)}
                  </td>
                ))}
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  );
}
