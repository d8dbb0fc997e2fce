import { useHydrated, useLocation } from '@tanstack/react-router'
import type { Locale } from '~/modules/i18n/locales'

/**
 * What a content editor showed when its first save moved it from `…/new` to the record's own
 * address. That address mounts a fresh editor; it opens on the same translation tab with the same
 * notice, so the person goes on where they were (history state: it lives with that entry only).
 * A page loaded afresh (a reload keeps history state) starts clean, as the server rendered it.
 */
export type EditorHandoff = { tab: Locale; notice: string }

declare module '@tanstack/history' {
  interface HistoryState {
    editorHandoff?: EditorHandoff
  }
}

export function useEditorHandoff(): EditorHandoff | undefined {
  const handoff = useLocation({ select: (location) => location.state.editorHandoff })
  return useHydrated() ? handoff : undefined
}
