// Types for the part of ssr.mjs the topology test shares with the bench.
export function run(
  url: string,
  headers?: Record<string, string>,
  opts?: { connections?: number; duration?: number },
): Promise<{ rps: number; p99: number; errors: number; requests: number }>
