import type { ReactNode } from 'react';
import { HorizontalScroll } from './horizontal-scroll.tsx';

export interface Column<Row> {
  header: string;
  cell: (row: Row) => ReactNode;
  className?: string;
}

/** A column whose values may be a sentence: wide enough to read as one, never a column one word wide. */
export const SENTENCE_CELL = 'min-w-48';

interface DataTableProps<Row> {
  /** The table's accessible name. */
  label: string;
  columns: readonly Column<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string;
}

/** A plain table with a header row, scrolling sideways inside its box on narrow screens. */
export function DataTable<Row>({ label, columns, rows, rowKey }: DataTableProps<Row>) {
  return (
    <HorizontalScroll label={label}>
      <table aria-label={label} className="min-w-full divide-y divide-slate-200 text-sm">
        <thead>
          <tr>
            {columns.map((column) => (
              <th
                key={column.header}
                scope="col"
                className="px-3 py-2 text-left text-xs font-medium whitespace-nowrap text-slate-500 uppercase"
              >
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {rows.map((row) => (
            <tr key={rowKey(row)}>
              {columns.map((column) => (
                <td
                  key={column.header}
                  className={`px-3 py-2 align-top text-slate-700 ${column.className ?? ''}`}
                >
                  {column.cell(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </HorizontalScroll>
  );
}
