/**
 * SPEC §9 silent check timing: the hidden-frame request gives up after 10 s with the SPEC §8
 * message 'IFrame timed out without a response', and a timeout is retried once, 5 s later.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { SilentCheckTimeout, checkWithRetry } from '../../src/modules/auth/silent-check'
import {
  AUTOMATIC_SILENT_RENEW,
  CHECK_SESSION_INTERVAL_MS,
  POPUP_HEIGHT,
} from '../../src/modules/auth/session-settings'

beforeEach(() => {
  vi.useFakeTimers()
})
afterEach(() => {
  vi.useRealTimers()
})

const never = () => new Promise<boolean>(() => {})

describe('silent check', () => {
  it('times out after 10 s, retries once 5 s later, then fails with the SPEC message', async () => {
    const starts: number[] = []
    const aborted: number[] = []
    const outcome = checkWithRetry((signal) => {
      starts.push(Date.now())
      signal.addEventListener('abort', () => aborted.push(Date.now()))
      return never()
    }).catch((error: unknown) => error)
    const t0 = Date.now()
    await vi.advanceTimersByTimeAsync(9_999)
    expect(starts).toEqual([t0])
    await vi.advanceTimersByTimeAsync(1)
    expect(aborted).toEqual([t0 + 10_000]) // the first frame is removed at its timeout
    await vi.advanceTimersByTimeAsync(4_999)
    expect(starts).toHaveLength(1)
    await vi.advanceTimersByTimeAsync(1)
    expect(starts).toEqual([t0, t0 + 15_000])
    await vi.advanceTimersByTimeAsync(10_000)
    const error = await outcome
    expect(error).toBeInstanceOf(SilentCheckTimeout)
    expect((error as Error).message).toBe('IFrame timed out without a response')
    expect(starts).toHaveLength(2)
  })

  it('answers as soon as the frame reports, without a retry', async () => {
    let calls = 0
    const outcome = checkWithRetry(async () => {
      calls++
      return false
    })
    await expect(outcome).resolves.toBe(false)
    expect(calls).toBe(1)
  })

  it('a retry that answers wins; other failures are not retried', async () => {
    let calls = 0
    const retried = checkWithRetry(() => (++calls === 1 ? never() : Promise.resolve(true)))
    await vi.advanceTimersByTimeAsync(15_000)
    await expect(retried).resolves.toBe(true)
    expect(calls).toBe(2)

    let failing = 0
    const failed = checkWithRetry(() => {
      failing++
      return Promise.reject(new Error('frame error'))
    })
    await expect(failed).rejects.toThrow('frame error')
    expect(failing).toBe(1)
  })

  it('keeps the SPEC §9 constants: monitor every 2 s, popup 640 px high, automatic silent renew off', () => {
    expect(CHECK_SESSION_INTERVAL_MS).toBe(2_000)
    expect(POPUP_HEIGHT).toBe(640)
    expect(AUTOMATIC_SILENT_RENEW).toBe(false)
  })
})
