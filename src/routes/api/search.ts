import { createFileRoute } from '@tanstack/react-router'
import { searchInputSchema } from '~/modules/search/search.schemas'
import { searchGames } from '~/modules/search/search.server'
import { handle, json, parseQuery, restHandlers } from '~/server/http/respond'

/**
 * GET /api/search?q=…&locale=…&limit=…: public, like the other catalogue reads, and cacheable by a
 * shared cache for a minute (results move with catalogue edits and daily sales, not per second).
 * Server-Timing carries the search's own time (the bench reads it).
 */
export const Route = createFileRoute('/api/search')({
  server: {
    handlers: restHandlers({
      GET: handle(async ({ request, door }) => {
        const input = parseQuery(request, searchInputSchema)
        const { db } = await door()
        const started = performance.now()
        const results = await searchGames(db, input)
        return json(results, {
          cache: { sMaxAge: 60, staleWhileRevalidate: 300 },
          headers: { 'server-timing': `search;dur=${(performance.now() - started).toFixed(2)}` },
        })
      }),
    }),
  },
})
