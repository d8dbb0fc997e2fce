import { useCallback, useEffect, useState, useSyncExternalStore } from 'react'
import { clientLog } from '~/modules/ops/client-log'

export type ColorModePreference = 'light' | 'dark' | 'system'
export type ResolvedColorMode = 'light' | 'dark'
export const COLOR_MODE_STORAGE_KEY = 'color-mode'

/**
 * Runs inline in <head> before first paint, so a stored dark preference never flashes light.
 * A page may force a mode through <html data-force-color-mode>.
 */
export const COLOR_MODE_SCRIPT = `(function(){try{var d=document.documentElement;var f=d.getAttribute('data-force-color-mode');var p=localStorage.getItem('${COLOR_MODE_STORAGE_KEY}');if(p!=='light'&&p!=='dark')p='system';var m=f||p;var dark=m==='dark'||(m==='system'&&window.matchMedia('(prefers-color-scheme: dark)').matches);d.classList.toggle('dark',dark);d.style.colorScheme=dark?'dark':'light';}catch(e){}})();`

/** SPEC §4: a page may force light or dark; forcing 'system' is rejected with a warning. */
export function validForcedMode(mode: ColorModePreference | undefined): ResolvedColorMode | undefined {
  if (mode === 'system') {
    clientLog.warn('Cannot force the colour mode to "system"; ignoring.')
    return undefined
  }
  return mode
}

function readPreference(): ColorModePreference {
  try {
    const stored = localStorage.getItem(COLOR_MODE_STORAGE_KEY)
    return stored === 'light' || stored === 'dark' ? stored : 'system'
  } catch {
    return 'system'
  }
}

const PREFERENCE_EVENT = 'color-mode-change'

function subscribePreference(onChange: () => void): () => void {
  window.addEventListener(PREFERENCE_EVENT, onChange)
  window.addEventListener('storage', onChange)
  return () => {
    window.removeEventListener(PREFERENCE_EVENT, onChange)
    window.removeEventListener('storage', onChange)
  }
}

function systemPrefersDark(): boolean {
  return typeof window !== 'undefined' && window.matchMedia('(prefers-color-scheme: dark)').matches
}

export function resolveColorMode(pref: ColorModePreference, forced?: ResolvedColorMode): ResolvedColorMode {
  if (forced) return forced
  if (pref === 'system') return systemPrefersDark() ? 'dark' : 'light'
  return pref
}

function apply(mode: ResolvedColorMode) {
  const root = document.documentElement
  root.classList.toggle('dark', mode === 'dark')
  root.style.colorScheme = mode
}

/** Preference (light/dark/system) plus the resolved value; kept in localStorage. */
export function useColorMode(forced?: ResolvedColorMode) {
  // The server cannot know the stored preference: it renders 'system' and the browser reads storage.
  const preference = useSyncExternalStore(subscribePreference, readPreference, () => 'system' as const)
  const [resolved, setResolved] = useState<ResolvedColorMode>('light')

  useEffect(() => {
    const update = () => {
      const mode = resolveColorMode(preference, forced)
      setResolved(mode)
      apply(mode)
    }
    update()
    const media = window.matchMedia('(prefers-color-scheme: dark)')
    media.addEventListener('change', update)
    return () => media.removeEventListener('change', update)
  }, [preference, forced])

  const setPreference = useCallback((pref: ColorModePreference) => {
    try {
      localStorage.setItem(COLOR_MODE_STORAGE_KEY, pref)
    } catch {
      // Private mode without storage: the choice lasts for this page only.
    }
    window.dispatchEvent(new Event(PREFERENCE_EVENT))
  }, [])

  return { preference, resolved, forced, setPreference }
}
