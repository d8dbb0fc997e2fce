import { createServerEntry, createStartHandler, defaultStreamHandler } from '@tanstack/react-start/server'
import { boot, demoAccountsBanner, shutdown } from './server/boot'
import { withHtmlCachePolicy } from './server/http/html-cache'
import { log } from './server/log'

const startHandler = createStartHandler(defaultStreamHandler)

/** Every request waits for boot (migrations, demo seed) once; later requests find it done. */
export default createServerEntry({
  async fetch(request) {
    await boot()
    const started = performance.now()
    const response = withHtmlCachePolicy(request, await startHandler(request))
    const url = new URL(request.url)
    log.debug(
      {
        method: request.method,
        path: url.pathname,
        status: response.status,
        ms: Math.round(performance.now() - started),
      },
      'request',
    )
    return response
  },
})

export { boot, demoAccountsBanner, shutdown }
