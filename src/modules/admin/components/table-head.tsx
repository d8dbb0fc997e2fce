import type { ReactNode } from 'react'

/** The header row of a back-office table: one column heading per entry (`end`: right-aligned). */
export function TableHead({ columns }: { columns: { label: ReactNode; end?: boolean }[] }) {
  return (
    <thead className="text-muted text-left text-xs uppercase tracking-wide">
      <tr>
        {columns.map((column, i) => (
          <th key={i} scope="col" className={column.end ? 'p-3 text-right' : 'p-3'}>
            {column.label}
          </th>
        ))}
      </tr>
    </thead>
  )
}
