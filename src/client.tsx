import { StrictMode, startTransition } from 'react'
import { hydrateRoot } from 'react-dom/client'
import { StartClient } from '@tanstack/react-start/client'
import { i18n } from '@lingui/core'
import { activateLocale } from './modules/i18n/i18n'
import { installChunkReload } from './modules/ops/chunk-reload'

installChunkReload()

// The server states the page's locale in <html lang>; load that one catalog before hydrating so
// the first client render matches the server's HTML.
await activateLocale(i18n, document.documentElement.lang)

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <StartClient />
    </StrictMode>,
  )
})
