/**
 * The operations suites' set-up: the built server on a throwaway PostgreSQL database with the
 * sample catalogue, and a plain pg connection to look at what it wrote.
 */
import { Client } from 'pg'
import { freePorts, startServer, type RunningServer } from './auth-helpers'
import { createThrowawayDatabase, type ThrowawayDatabase } from './throwaway-db'

export interface OpsServer {
  pg: ThrowawayDatabase
  server: RunningServer
  db: Client
  close(): Promise<void>
}

export async function startOpsServer(prefix: string, env: Record<string, string>): Promise<OpsServer> {
  const pg = await createThrowawayDatabase('postgres', prefix)
  const [port] = (await freePorts(1)) as [number]
  const server = await startServer(
    { DATABASE_URL: pg.url!, SEED_CATALOG: 'true', PUBLIC_ORIGIN: `http://127.0.0.1:${port}`, ...env },
    port,
  )
  const db = new Client({ connectionString: pg.url })
  await db.connect()
  return {
    pg,
    server,
    db,
    async close() {
      await db.end()
      await server.stop()
      await pg.drop()
    },
  }
}
