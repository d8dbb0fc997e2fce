/**
 * The shop's icons are Lucide's shapes (https://lucide.dev, ISC licence; copied from lucide-react
 * 1.75.0) drawn by this one small component. lucide-react's own runtime (a context, attribute
 * building, class merging, accessibility checks) sat in every page's boot script (ADR 072). To add
 * an icon, copy its `node` from Lucide into a module of its own beside these, and import each icon
 * from its module (`~/components/icons/search`). There is no index on purpose: imported from the
 * boot script it put every icon the app uses into every page's first load, and otherwise into
 * whichever lazy chunk held it, which the home page then loaded (issue 36).
 */
import { createElement, type ReactElement, type SVGProps } from 'react'

export type IconNode = readonly (readonly [tag: string, attributes: Readonly<Record<string, string>>])[]

export interface IconProps extends Omit<SVGProps<SVGSVGElement>, 'ref'> {
  /** Width and height in px (24 unless a class sets the size). */
  size?: number
}

export type Icon = (props: IconProps) => ReactElement

/** An icon component for a Lucide shape: 24 × 24, drawn in the text colour, hidden from readers. */
export function shape(node: IconNode): Icon {
  return function LucideShape({ size = 24, ...props }: IconProps) {
    return (
      <svg
        xmlns="http://www.w3.org/2000/svg"
        width={size}
        height={size}
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth={2}
        strokeLinecap="round"
        strokeLinejoin="round"
        aria-hidden
        {...props}
      >
        {node.map(([tag, attributes], i) => createElement(tag, { key: i, ...attributes }))}
      </svg>
    )
  }
}
