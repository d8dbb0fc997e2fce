import { config } from '../../../app.config'

/** The absolute origin for links we print (sitemap, robots): PUBLIC_ORIGIN, else the request's. */
export function publicOrigin(request: Request): string {
  return config().PUBLIC_ORIGIN?.replace(/\/$/, '') ?? new URL(request.url).origin
}
