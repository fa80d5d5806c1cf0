import {
  flexRender,
  getCoreRowModel,
  getSortedRowModel,
  useReactTable,
  type ColumnDef,
  type SortingState,
} from '@tanstack/react-table';
import { useState, type ReactNode } from 'react';
import { t } from '../i18n/messages';

interface DataTableProps<T> {
  data: readonly T[];
  // TanStack's column definitions are typed per value; a table mixes columns of any value type.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  columns: ColumnDef<T, any>[];
  /** Names the table for assistive technology (a visible caption). */
  caption?: ReactNode;
  /** What an empty table says instead of its rows. */
  empty?: ReactNode;
  /** A stable id per row (the record's id), so React keeps rows apart across refetches. */
  getRowId?: (row: T, index: number) => string;
  /** Sort by clicking a header, in the browser (the rows given, not the server's whole list). */
  sortable?: boolean;
}

/** The console's list table: TanStack Table's headless model drawn as a plain, dense <table>. */
export function DataTable<T>({ data, columns, caption, empty, getRowId, sortable = false }: DataTableProps<T>) {
  const [sorting, setSorting] = useState<SortingState>([]);
  // TanStack Table returns functions that React's compiler cannot memoise; nothing here needs it to.
  // eslint-disable-next-line react-hooks/incompatible-library
  const table = useReactTable({
    data: data as T[],
    columns,
    getRowId,
    state: { sorting },
    onSortingChange: setSorting,
    enableSorting: sortable,
    getCoreRowModel: getCoreRowModel(),
    getSortedRowModel: getSortedRowModel(),
  });

  return (
    <div className="table-wrap">
      <table className="table">
        {caption && <caption>{caption}</caption>}
        <thead>
          {table.getHeaderGroups().map((group) => (
            <tr key={group.id}>
              {group.headers.map((header) => {
                const sorted = header.column.getIsSorted();
                const label = header.isPlaceholder
                  ? null
                  : flexRender(header.column.columnDef.header, header.getContext());
                return (
                  <th
                    key={header.id}
                    scope="col"
                    colSpan={header.colSpan}
                    aria-sort={sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : undefined}
                  >
                    {header.column.getCanSort() ? (
                      <button type="button" className="table__sort" onClick={header.column.getToggleSortingHandler()}>
                        {label}
                        {sorted && (
                          <span className={`table__sort-mark table__sort-mark--${sorted}`} aria-hidden="true" />
                        )}
                        {sorted && (
                          <span className="visually-hidden">
                            {t(sorted === 'asc' ? 'table.sortAscending' : 'table.sortDescending')}
                          </span>
                        )}
                      </button>
                    ) : (
                      label
                    )}
                  </th>
                );
              })}
            </tr>
          ))}
        </thead>
        <tbody>
          {table.getRowModel().rows.length === 0 ? (
            <tr>
              <td className="table__empty" colSpan={table.getVisibleLeafColumns().length}>
                {empty ?? t('table.empty')}
              </td>
            </tr>
          ) : (
            table.getRowModel().rows.map((row) => (
              <tr key={row.id}>
                {row.getVisibleCells().map((cell) => (
                  <td key={cell.id}>{flexRender(cell.column.columnDef.cell, cell.getContext())}</td>
                ))}
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  );
}
