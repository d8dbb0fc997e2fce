import { expect, it } from 'vitest'
import { newQueryClient } from '../../src/modules/shell/query-client'

const turn = () => new Promise((resolve) => setTimeout(resolve, 5))

it("keeps a loader's data on the server until the render reads it, however the event loop turns", async () => {
  const client = newQueryClient(true)
  await client.ensureQueryData({ queryKey: ['catalog', 'skus', 1], queryFn: async () => ({ skus: [1, 2] }) })
  await turn() // other work of the request (loaders, head) between the fetch and the render
  expect(client.getQueryData(['catalog', 'skus', 1])).toEqual({ skus: [1, 2] })
  expect(client.getQueryCache().find({ queryKey: ['catalog', 'skus', 1] })?.gcTime).toBe(Infinity)
})
