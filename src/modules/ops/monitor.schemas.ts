export interface MonitorSnapshot {
  buildId: string
  uptimeSeconds: number
  node: string
  memoryMb: number
  database: {
    driver: 'pglite' | 'postgres'
    ok: boolean
    error?: string
    latencyMs?: number
    migrations?: number
    queues?: { queue: string; pending: number; failed: number }[]
    webhookBacklog?: number
    webhookLagSeconds?: number
    lastWebhookAt?: string | null
  }
  recentErrors: { time: string; msg: string; detail?: string }[]
}
