import { describe, expect, it } from 'vitest'
import { preloadAllowed } from '../../src/modules/shell/preload-policy'

describe('route prefetch policy (SPEC §7)', () => {
  it('prefetches on fast connections and where the browser says nothing', () => {
    expect(preloadAllowed(undefined)).toBe(true)
    expect(preloadAllowed({ effectiveType: '4g' })).toBe(true)
    expect(preloadAllowed({ effectiveType: '3g', saveData: false })).toBe(true)
  })

  it('skips on 2G or slower and when the visitor asked to save data', () => {
    expect(preloadAllowed({ effectiveType: 'slow-2g' })).toBe(false)
    expect(preloadAllowed({ effectiveType: '2g' })).toBe(false)
    expect(preloadAllowed({ effectiveType: '4g', saveData: true })).toBe(false)
  })
})
