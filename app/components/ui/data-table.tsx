import type { ReactNode } from "react";
import { cn } from "~/lib/utils";

export type DataTableColumn<Row> = {
  header: ReactNode;
  cell: (row: Row, index: number) => ReactNode;
  /** Numbers line up at the end. */
  align?: "start" | "end";
  /** The cell that names the row (a row header for screen readers). */
  rowHeader?: boolean;
  className?: string;
};

/**
 * The one table style of the staff lists, so every list reads the same: a bordered box with a caption for
 * screen readers, a sticky header row, and the list's own message in the body when there
 * is nothing to show. Below the sm breakpoint each row is a stacked card whose cells show
 * their column's name, so no column (the status above all) is cut off on a phone.
 */
export function DataTable<Row>({
  caption,
  columns,
  rows,
  rowKey,
  empty,
  rowClassName,
  rowTestId,
  testId,
}: {
  caption: string;
  columns: Array<DataTableColumn<Row>>;
  rows: Row[];
  rowKey: (row: Row) => string;
  empty: ReactNode;
  rowClassName?: (row: Row) => string | undefined;
  rowTestId?: (row: Row) => string;
  testId?: string;
}) {
  return (
    <div className="overflow-x-auto rounded-lg border">
      <table className="w-full text-sm max-sm:block" data-testid={testId}>
        <caption className="sr-only">{caption}</caption>
        <thead className="sticky top-0 bg-muted max-sm:sr-only">
          <tr>
            {columns.map((column, index) => (
              <th key={index} scope="col" className={cn("p-3 font-semibold", column.align === "end" ? "text-end" : "text-start")}>
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="max-sm:block">
          {rows.length === 0 ? (
            <tr className="max-sm:block">
              <td colSpan={columns.length} className="p-6 text-center text-muted-foreground max-sm:block">
                {empty}
              </td>
            </tr>
          ) : (
            rows.map((row, rowIndex) => (
              <tr
                key={rowKey(row)}
                className={cn("border-t max-sm:block max-sm:py-2 max-sm:first:border-t-0", rowClassName?.(row))}
                data-testid={rowTestId?.(row)}
              >
                {columns.map((column, index) => {
                  const className = cn("data-cell", column.align === "end" && "text-end tabular-nums", column.className);
                  // The column's name above the cell on a phone (.data-cell's CSS content: not part of the cell's text).
                  const label = typeof column.header === "string" ? column.header : undefined;
                  return column.rowHeader ? (
                    <th key={index} scope="row" data-label={label} className={cn("text-start font-normal", className)}>
                      {column.cell(row, rowIndex)}
                    </th>
                  ) : (
                    <td key={index} data-label={label} className={className}>
                      {column.cell(row, rowIndex)}
                    </td>
                  );
                })}
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  );
}
