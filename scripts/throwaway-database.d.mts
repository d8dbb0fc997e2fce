// Types for scripts/throwaway-database.mjs (shared by the bench and the integration tests).
export function createPostgresDatabase(
  adminUrl: string,
  prefix: string,
): Promise<{ name: string; url: string; run(statement: string): Promise<void>; drop(): Promise<void> }>

export function createPgliteDirectory(prefix: string): { dataDir: string; drop(): Promise<void> }
