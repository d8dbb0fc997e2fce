import { config } from '../../../app.config'

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]'])

/**
 * The absolute origin of every URL we print (sitemap, robots, canonical and hreflang links,
 * payment return URLs, the OIDC issuer): PUBLIC_ORIGIN. Without it, which only the embedded
 * database allows (app.config.ts), the quick start's `http://localhost:PORT`, or the loopback
 * address the browser actually used on this port (127.0.0.1 or [::1], so signing in keeps its
 * cookies on one host). Nothing else of the Host header is ever used: `Host: evil.example`
 * cannot put its name into a page, a cached sitemap or a redirect.
 */
export function siteOrigin(requestUrl?: string | URL): string {
  const cfg = config()
  if (cfg.PUBLIC_ORIGIN) return new URL(cfg.PUBLIC_ORIGIN).origin
  // Only a command-line tool gets here on PostgreSQL (app.config.ts): never guess a deployment's address.
  if (cfg.DATABASE_URL) throw new Error('PUBLIC_ORIGIN is not set: absolute URLs cannot be made')
  const fallback = `http://localhost:${cfg.PORT}`
  if (!requestUrl) return fallback
  const url = new URL(requestUrl)
  const port = Number(url.port || 80)
  // The dev server's port is Vite's, not PORT; only the production server pins it.
  const ourPort = cfg.NODE_ENV === 'development' || port === cfg.PORT
  return url.protocol === 'http:' && LOOPBACK.has(url.hostname) && ourPort ? url.origin : fallback
}
