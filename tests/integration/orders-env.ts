/**
 * Imported first by the orders tests: configuration is parsed once, on the first import that
 * reads it, so the data directory (mail outbox) and quick sandbox timings must be set before.
 */
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'

export const TEST_DATA_DIR = mkdtempSync(path.join(tmpdir(), 'orders-data-'))
process.env.DATA_DIR = TEST_DATA_DIR
process.env.SANDBOX_SUPPLIER_LATENCY_MS ??= '20'
process.env.LOG_LEVEL ??= 'silent'
