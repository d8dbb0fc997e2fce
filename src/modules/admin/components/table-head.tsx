import type { ReactNode } from 'react'

export interface SortableColumn {
  /** This column's sort is the list's current one, in this direction. */
  active?: 'ascending' | 'descending'
  /** Sorts by this column: descending first, then the other way on a second press. */
  onSort: () => void
}

/**
 * The header row of a back-office table: one column heading per entry (`end`: right-aligned);
 * a sortable column's heading is a button and says how the list is sorted (aria-sort).
 */
export function TableHead({ columns }: { columns: { label: ReactNode; end?: boolean; sort?: SortableColumn }[] }) {
  return (
    <thead className="text-muted text-left text-xs uppercase tracking-wide">
      <tr>
        {columns.map((column, i) => (
          <th
            key={i}
            scope="col"
            className={column.end ? 'p-3 text-right' : 'p-3'}
            aria-sort={column.sort ? (column.sort.active ?? 'none') : undefined}
          >
            {column.sort ? (
              <button
                type="button"
                onClick={column.sort.onSort}
                className="inline-flex items-center gap-1 uppercase tracking-wide hover:underline"
              >
                {column.label}
                <span aria-hidden>
                  {column.sort.active === 'ascending' ? '▲' : column.sort.active === 'descending' ? '▼' : '↕'}
                </span>
              </button>
            ) : (
              column.label
            )}
          </th>
        ))}
      </tr>
    </thead>
  )
}
