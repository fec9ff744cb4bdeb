import type { ReactNode } from "react";

/** A column heading; numeric columns are right-aligned. */
export interface Column {
  label: ReactNode;
  numeric?: boolean;
  /** A heading with its own markup (a sort link): rendered as is, in place of a plain <th>. */
  cell?: ReactNode;
}

export function ColumnHeadings({ columns }: { columns: readonly Column[] }) {
  return (
    <tr>
      {columns.map(
        (column, i) =>
          column.cell ?? (
            <th key={i} scope="col" className={column.numeric ? "num" : undefined}>
              {column.label}
            </th>
          ),
      )}
    </tr>
  );
}

/**
 * An admin list as a table in its scrolling box (a wide table scrolls inside it, never the page):
 * caption, column headings, and the rows, or one row saying why there are none.
 */
export function AdminTable({
  testId,
  caption,
  captionHidden = false,
  columns,
  empty = null,
  className = "",
  children,
}: {
  testId?: string;
  caption: ReactNode;
  /** Read by screen readers only (the panel's heading already says it). */
  captionHidden?: boolean;
  columns: readonly Column[];
  /** Shown across the table instead of the rows when set. */
  empty?: ReactNode;
  className?: string;
  children?: ReactNode;
}) {
  return (
    <div className={`table-wrap ${className}`.trim()}>
      <table className="admin-table" data-testid={testId}>
        <caption className={captionHidden ? "visually-hidden" : undefined}>{caption}</caption>
        <thead>
          <ColumnHeadings columns={columns} />
        </thead>
        <tbody>
          {empty ? (
            <tr>
              <td colSpan={columns.length} className="muted">
                {empty}
              </td>
            </tr>
          ) : (
            children
          )}
        </tbody>
      </table>
    </div>
  );
}

/** The last cell of a row: its actions, side by side. */
export function ActionsCell({ children }: { children: ReactNode }) {
  return (
    <td>
      <div className="cell-actions">{children}</div>
    </td>
  );
}
