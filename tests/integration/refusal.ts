/** A use case's refusal as tests compare it: the AppError's code and its issue codes. */
import { AppError } from '../../src/modules/errors/app-error'

export async function refusal(promise: Promise<unknown>): Promise<{ code: string; issues: string[] }> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  )
  if (!(error instanceof AppError)) throw new Error(`expected an AppError, got ${String(error)}`)
  return { code: error.code, issues: (error.issues ?? []).map((i) => i.message) }
}
