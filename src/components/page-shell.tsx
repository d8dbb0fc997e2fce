import type { ReactNode } from 'react'

/** The common page frame inside a layout: a heading, an optional lead and the content. */
export function PageShell(props: { title: ReactNode; lead?: ReactNode; children?: ReactNode; wide?: boolean }) {
  return (
    <div className={`mx-auto px-4 py-8 ${props.wide ? 'max-w-6xl' : 'max-w-3xl'}`}>
      <h1 className="text-3xl font-extrabold tracking-tight">{props.title}</h1>
      {props.lead ? <p className="text-muted mt-2">{props.lead}</p> : null}
      <div className="mt-6">{props.children}</div>
    </div>
  )
}
