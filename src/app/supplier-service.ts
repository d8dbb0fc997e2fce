/**
 * `npm run supplier` (scripts/supplier.mjs): the sandbox supplier as its own HTTP service on
 * SUPPLIER_SANDBOX_PORT (ADR 099). `npm start` runs it beside the shop when SUPPLIER_URL is unset,
 * with a secret it makes for the pair. Its state file keeps idempotency across its restarts.
 */
import { join } from 'node:path'
import { config } from '../../app.config'
import { parseFaults, startSandboxSupplier, type SandboxService } from '~/server/fulfilment/sandbox/service.server'
import { log } from '~/server/log'

/** `port` overrides SUPPLIER_SANDBOX_PORT (0: any free port). */
export async function runSupplierSandbox(overrides: { port?: number } = {}): Promise<SandboxService> {
  const cfg = config()
  if (!cfg.SUPPLIER_SECRET)
    throw new Error('Invalid configuration:\n  SUPPLIER_SECRET: required by the supplier service')
  const service = await startSandboxSupplier({
    port: overrides.port ?? cfg.SUPPLIER_SANDBOX_PORT,
    host: '127.0.0.1',
    secret: cfg.SUPPLIER_SECRET,
    statePath: cfg.SUPPLIER_SANDBOX_STATE ?? join(cfg.DATA_DIR, 'supplier-sandbox.jsonl'),
    balanceMinor: cfg.SUPPLIER_SANDBOX_BALANCE_MINOR,
    deliveryMs: cfg.SANDBOX_SUPPLIER_LATENCY_MS,
    faults: parseFaults(cfg.SUPPLIER_SANDBOX_FAULTS),
  })
  log.info({ url: service.url, faults: service.faults }, 'sandbox supplier listening')
  return service
}
