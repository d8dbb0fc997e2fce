import { describe, expect, it, vi } from 'vitest'
import { resolveColorMode, validForcedMode } from '../../src/modules/shell/color-mode'

describe('colour mode (SPEC §4)', () => {
  it('lets a page force light or dark', () => {
    expect(validForcedMode('dark')).toBe('dark')
    expect(validForcedMode('light')).toBe('light')
    expect(resolveColorMode('light', 'dark')).toBe('dark')
  })

  it("rejects forcing 'system' with a warning", () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    expect(validForcedMode('system')).toBeUndefined()
    expect(warn).toHaveBeenCalledOnce()
  })

  it('resolves an explicit preference without a forced mode', () => {
    expect(resolveColorMode('dark')).toBe('dark')
    expect(resolveColorMode('light')).toBe('light')
  })
})
