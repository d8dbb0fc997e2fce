/** Configuration the browser may see, sent once with the root loader data. */
export interface PublicConfig {
  buildId: string
  liveChat: { scriptUrl: string; siteId: string } | null
  analytics: { id: string; scriptUrl: string } | null
  errorReporting: { dsn: string; maxBreadcrumbs: number; maxEventsPerSession: number } | null
  /** Attributes of cookies the browser writes itself (the locale cookie), as the server sets them. */
  cookies: { secure: boolean; crossOrigin: boolean }
}
