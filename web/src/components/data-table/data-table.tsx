import { flexRender, getCoreRowModel, useReactTable, type ColumnDef } from '@tanstack/react-table';
import { Button } from '../ui/button';
import './data-table.css';

export interface DataTableProps<T> {
  /** Accessible name of the table (a visually hidden caption). */
  caption: string;
  data: T[];
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- TanStack column value types vary per column
  columns: ColumnDef<T, any>[];
  getRowId: (row: T) => string;
}

/**
 * A read-only table on @tanstack/react-table (headless) with the design system's look: sticky
 * header row, zebra-free rows with hover, `meta.align` per column ('end' for numbers and actions).
 * Sorting and paging are the server's (limit/offset), so the row model is the core one. At phone
 * width (≤ 640 px) each row is a card of label/value lines with the actions inside the screen.
 */
export function DataTable<T>({ caption, data, columns, getRowId }: DataTableProps<T>) {
  const table = useReactTable({ data, columns, getRowId, getCoreRowModel: getCoreRowModel() });
  return (
    <div className="data-table__scroll">
      <table className="data-table">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          {table.getHeaderGroups().map((group) => (
            <tr key={group.id}>
              {group.headers.map((header) => (
                <th key={header.id} scope="col" className={alignClass(header.column.columnDef.meta)}>
                  {header.isPlaceholder ? null : flexRender(header.column.columnDef.header, header.getContext())}
                </th>
              ))}
            </tr>
          ))}
        </thead>
        <tbody>
          {table.getRowModel().rows.map((row) => (
            <tr key={row.id}>
              {row.getVisibleCells().map((cell) => (
                <td key={cell.id} className={alignClass(cell.column.columnDef.meta)} data-label={cellLabel(cell.column.columnDef)}>
                  {flexRender(cell.column.columnDef.cell, cell.getContext())}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/**
 * The column's title repeated on each cell: on a phone the rows become stacked cards and the
 * header row is hidden, so each value shows its label (data-table.css). `meta.label` names columns
 * whose header is not plain text; an empty label (actions) shows none.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- TanStack column value types vary per column
function cellLabel(column: ColumnDef<any, any>): string | undefined {
  const label = (column.meta as { label?: string } | undefined)?.label;
  if (label !== undefined) return label || undefined;
  return typeof column.header === 'string' && column.header ? column.header : undefined;
}

function alignClass(meta: unknown): string | undefined {
  const align = (meta as { align?: 'start' | 'end' } | undefined)?.align;
  return align === 'end' ? 'data-table__cell--end' : undefined;
}

export interface PaginationProps {
  /** Zero-based offset of the first row shown. */
  offset: number;
  pageSize: number;
  total: number;
  onOffsetChange: (offset: number) => void;
  /** Accessible name of the navigation, e.g. 'Paginação de pacientes'. */
  label: string;
}

/** Previous / next over limit+offset pages; rendered only when there is more than one page. */
export function Pagination({ offset, pageSize, total, onOffsetChange, label }: PaginationProps) {
  if (total <= pageSize) return null;
  const page = Math.floor(offset / pageSize) + 1;
  const pages = Math.ceil(total / pageSize);
  return (
    <nav className="data-table__pagination" aria-label={label}>
      <Button variant="secondary" size="sm" disabled={page <= 1} onClick={() => onOffsetChange(Math.max(0, offset - pageSize))}>
        Anterior
      </Button>
      <span className="data-table__page" aria-live="polite">
        Página {page} de {pages}
      </span>
      <Button variant="secondary" size="sm" disabled={page >= pages} onClick={() => onOffsetChange(offset + pageSize)}>
        Próxima
      </Button>
    </nav>
  );
}
