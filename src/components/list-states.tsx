import type { ReactNode } from 'react'

/** Grey placeholder rows while a list loads, so the page does not jump when it arrives. */
export function ListSkeleton({ rows = 3, label }: { rows?: number; label: string }) {
  return (
    <output aria-busy="true" aria-label={label} data-testid="list-loading" className="block space-y-3">
      {Array.from({ length: rows }, (_, i) => (
        <div key={i} className="surface h-16 animate-pulse rounded-2xl bg-black/5 dark:bg-white/5" />
      ))}
    </output>
  )
}

/** What an empty list says instead of showing nothing (or an empty chart axis). */
export function EmptyState({ children, testId }: { children: ReactNode; testId?: string }) {
  return (
    <p
      className="text-muted rounded-2xl border border-dashed border-[var(--border)] p-6 text-center"
      data-testid={testId}
    >
      {children}
    </p>
  )
}
