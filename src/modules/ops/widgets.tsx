/** The after-idle widgets (see after-idle.tsx): one chunk, fetched once the page is idle. */
import { useEffect } from 'react'
import { Analytics, ErrorReporting } from './third-party'
import { UpdateNotice } from './update-notice'

export { LiveChat } from './third-party'

/** The document-wide widgets; the live chat belongs to the default layout. */
export function RootWidgets() {
  useEffect(() => {
    document.documentElement.dataset.widgets = 'ready'
  }, [])
  return (
    <>
      <UpdateNotice />
      <Analytics />
      <ErrorReporting />
    </>
  )
}
