import { sql } from 'drizzle-orm'
import { getCookie, getRequestUrl } from '@tanstack/react-start/server'
import { timingSafeEqual } from 'node:crypto'
import { config } from '../../../app.config'
import { databaseLost, readinessState } from '~/server/db/availability'
import { dbDriver, getDb, selectRows } from '~/server/db/client'
import { recentErrors } from '~/server/log'
import { shuttingDown } from '~/server/shutdown'
import type { MonitorSnapshot } from './monitor.schemas'

export const WORKSHOP_TOKEN_COOKIE = 'workshop_token'

function sameSecret(a: string, b: string): boolean {
  const x = Buffer.from(a)
  const y = Buffer.from(b)
  return x.length === y.length && timingSafeEqual(x, y)
}

/**
 * Internal pages are open in development; elsewhere they need WORKSHOP_TOKEN (query or cookie).
 */
export function hasWorkshopAccess(): boolean {
  const cfg = config()
  const token = getRequestUrl().searchParams.get('token') ?? getCookie(WORKSHOP_TOKEN_COOKIE)
  if (cfg.WORKSHOP_TOKEN) return token !== undefined && sameSecret(token, cfg.WORKSHOP_TOKEN)
  return cfg.NODE_ENV !== 'production'
}

async function databaseStatus() {
  const started = performance.now()
  try {
    const db = await getDb()
    const [migrations] = await selectRows<{ count: string | number; last: string | number | null }>(
      db,
      sql`select count(*) as count, max(created_at) as last from drizzle.__drizzle_migrations`,
    )
    const queues = await selectRows<{ queue: string; pending: string | number; failed: string | number }>(
      db,
      sql`select queue,
            count(*) filter (where completed_at is null and failed_at is null) as pending,
            count(*) filter (where failed_at is not null) as failed
          from jobs group by queue order by queue`,
    )
    const [webhooks] = await selectRows<{ unprocessed: string | number; oldest: string | null; last: string | null }>(
      db,
      sql`select count(*) filter (where processed_at is null) as unprocessed,
            min(received_at) filter (where processed_at is null) as oldest,
            max(received_at) as last
          from webhook_events`,
    )
    return {
      ok: true,
      latencyMs: Math.round(performance.now() - started),
      migrations: Number(migrations?.count ?? 0),
      queues: queues.map((q) => ({ queue: q.queue, pending: Number(q.pending), failed: Number(q.failed) })),
      webhookBacklog: Number(webhooks?.unprocessed ?? 0),
      webhookLagSeconds: webhooks?.oldest ? Math.round((Date.now() - new Date(webhooks.oldest).getTime()) / 1000) : 0,
      lastWebhookAt: webhooks?.last ? new Date(webhooks.last).toISOString() : null,
    }
  } catch (error) {
    return { ok: false, error: error instanceof Error ? error.message : String(error) }
  }
}

export async function monitorSnapshot(): Promise<MonitorSnapshot> {
  const db = await databaseStatus()
  return {
    buildId: __BUILD_ID__,
    uptimeSeconds: Math.round(process.uptime()),
    node: process.version,
    memoryMb: Math.round(process.memoryUsage().rss / 1024 / 1024),
    database: { driver: dbDriver(), ...db },
    recentErrors: [...recentErrors()].reverse().slice(0, 20),
  }
}

/**
 * Readiness: the database answers and migrations are applied. Not ready: why, in one line
 * (`database unreachable: ECONNREFUSED 127.0.0.1:5999`), for the load balancer and the operator.
 */
export async function readiness(): Promise<
  { ready: true; checks: Record<string, string> } | { ready: false; reason: string }
> {
  if (shuttingDown()) return { ready: false, reason: 'shutting down' } // first: the load balancer must hear at once
  await databaseLost() // a live check: notices a database that went away since the last request
  const state = readinessState()
  if (!state.ready) return { ready: false, reason: state.reason }
  const db = await databaseStatus()
  if (!db.ok) return { ready: false, reason: `database not ready: ${db.error ?? 'down'}` }
  if (!db.migrations) return { ready: false, reason: 'migrations not applied' }
  return { ready: true, checks: { database: 'ok', migrations: String(db.migrations) } }
}
