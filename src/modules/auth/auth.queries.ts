import { queryOptions } from '@tanstack/react-query'
import { getViewerFn } from './auth.functions'

/** Who is signed in (null for visitors). Refetched on focus so a session ended elsewhere shows. */
export const viewerQuery = () => queryOptions({ queryKey: ['viewer'], queryFn: () => getViewerFn(), staleTime: 60_000 })
