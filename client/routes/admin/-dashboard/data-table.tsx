import type { ReactNode } from "react";
import { format, m } from "../../../../common/messages";

export type Column<Row> = { header: string; cell: (row: Row) => ReactNode; numeric?: boolean };

/**
 * A plain table. `hidden`: only for screen readers (the text twin of a chart). Under 480 px each
 * row is a stacked card, every value beside its column's name (`data-label`, dashboard.css), so
 * no column is off screen; wider, a table too wide scrolls inside its own focusable box.
 */
export function DataTable<Row>({
  caption,
  columns,
  rows,
  rowKey,
  hidden = false,
}: {
  caption: string;
  columns: Column<Row>[];
  rows: Row[];
  rowKey: (row: Row) => string | number;
  hidden?: boolean;
}) {
  const table = (
    <table className={hidden ? undefined : "dash-table"}>
      <caption className={hidden ? undefined : "visually-hidden"}>{caption}</caption>
      <thead>
        <tr>
          {columns.map((c) => (
            <th key={c.header} scope="col" className={c.numeric ? "dash-table__num" : undefined}>
              {c.header}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={rowKey(row)}>
            {columns.map((c, i) =>
              i === 0 ? (
                <th key={c.header} scope="row" data-label={c.header}>
                  {c.cell(row)}
                </th>
              ) : (
                <td
                  key={c.header}
                  className={c.numeric ? "dash-table__num" : undefined}
                  data-label={c.header}
                >
                  {c.cell(row)}
                </td>
              ),
            )}
          </tr>
        ))}
      </tbody>
    </table>
  );
  // The wrapper hides it: a table ignores the 1 px width that visually-hidden sets.
  if (hidden) return <div className="visually-hidden">{table}</div>;
  return (
    <section
      className="dash-table__scroll"
      aria-label={format(m.recruitingPage.scrollTable, { title: caption })}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a box that scrolls sideways must be reachable by keyboard (axe scrollable-region-focusable)
      tabIndex={0}
    >
      {table}
    </section>
  );
}
