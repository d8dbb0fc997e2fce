/**
 * Settings for one test file, on top of the environment, through app.config's overrideConfig: no
 * test primes the cached configuration through import order or writes process.env for it.
 */
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll } from 'vitest'
import { overrideConfig } from '../../app.config'

export { overrideConfig, withConfig } from '../../app.config'

/** These settings from now until this file's last test has run (call at the top of the file). */
export function configForFile(values: Record<string, string | undefined>): void {
  const restore = overrideConfig(values)
  afterAll(restore)
}

/**
 * The orders tests' settings: a data directory of their own (the mail outbox), quick sandbox
 * deliveries, no log lines. Returns the data directory.
 */
export function ordersConfigForFile(values: Record<string, string | undefined> = {}): string {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'orders-data-'))
  configForFile({
    DATA_DIR: dataDir,
    SANDBOX_SUPPLIER_LATENCY_MS: process.env.SANDBOX_SUPPLIER_LATENCY_MS ?? '20',
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'silent',
    ...values,
  })
  return dataDir
}
