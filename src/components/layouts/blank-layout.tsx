import type { ReactNode } from 'react'

/** No header or footer: internal workshop pages. */
export function BlankLayout({ children }: { children: ReactNode }) {
  return <div className="min-h-screen">{children}</div>
}
