import { vi, type Mock } from 'vitest'

/**
 * A mocked `*.functions.ts` module: one `vi.fn()` per server function the component (or the
 * queries it reads) imports. Used inside `vi.hoisted`, then handed to `vi.mock`.
 */
export function door<const N extends string>(...names: N[]): Record<N, Mock> {
  return Object.fromEntries(names.map((name) => [name, vi.fn()])) as Record<N, Mock>
}
