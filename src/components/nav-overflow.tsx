import { useLayoutEffect, useEffect, useState, type RefObject } from 'react'

// useLayoutEffect warns during SSR; the measurement only ever runs in the browser.
const useBrowserLayoutEffect = typeof window === 'undefined' ? useEffect : useLayoutEffect

/**
 * How many of the navigation's entries fit in one row beside a "More" button. The entries are
 * measured once in a hidden copy (`measure`), the row (`row`) is watched for size changes, so a
 * longer language or a narrower window moves entries into the overflow menu instead of cutting
 * them off. Before the first measurement every entry is in the row (clipped, never wrapped).
 */
export function useFittingCount(
  row: RefObject<HTMLElement | null>,
  measure: RefObject<HTMLElement | null>,
  total: number,
): number {
  const [count, setCount] = useState(total)
  useBrowserLayoutEffect(() => {
    const rowEl = row.current
    const measureEl = measure.current
    if (!rowEl || !measureEl) return
    const compute = () => {
      const children = Array.from(measureEl.children) as HTMLElement[]
      const widths = children.map((c) => c.getBoundingClientRect().width)
      // The last child of the measuring list is the "More" button itself.
      const more = widths.pop() ?? 0
      const available = rowEl.getBoundingClientRect().width
      const all = widths.reduce((a, b) => a + b, 0)
      if (all <= available) return setCount(widths.length)
      let used = more
      let fit = 0
      while (fit < widths.length && used + widths[fit] <= available) used += widths[fit++]
      setCount(fit)
    }
    compute()
    const observer = new ResizeObserver(compute)
    observer.observe(rowEl)
    observer.observe(measureEl)
    return () => observer.disconnect()
  }, [row, measure, total])
  return Math.min(count, total)
}

/** Closes a <details> menu on a click outside it, on Escape, and after a choice inside it. */
export function useDismissableDetails(ref: RefObject<HTMLDetailsElement | null>) {
  useEffect(() => {
    const onPointer = (event: Event) => {
      const el = ref.current
      if (el?.open && !el.contains(event.target as Node)) el.open = false
    }
    const onKey = (event: KeyboardEvent) => {
      const el = ref.current
      if (event.key !== 'Escape' || !el?.open) return
      el.open = false
      el.querySelector('summary')?.focus()
    }
    // Choosing an entry navigates inside the page (router links): close the menu behind it.
    const onChoose = (event: Event) => {
      const el = ref.current
      const target = event.target as Element
      if (el?.open && el.contains(target) && target.closest('a')) el.open = false
    }
    document.addEventListener('pointerdown', onPointer)
    document.addEventListener('keydown', onKey)
    document.addEventListener('click', onChoose)
    return () => {
      document.removeEventListener('pointerdown', onPointer)
      document.removeEventListener('keydown', onKey)
      document.removeEventListener('click', onChoose)
    }
  }, [ref])
}
