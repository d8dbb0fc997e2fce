import { createServerFn } from '@tanstack/react-start'
import { getDb } from '../../server/db/client'
import { checkPlayerForOffer } from './player.server'
import { sandboxSupplier } from './sandbox-supplier.server'
import { checkPlayerInputSchema } from './supplier'

export const checkPlayer = createServerFn({ method: 'POST' })
  .validator(checkPlayerInputSchema)
  .handler(async ({ data }) => {
    const db = await getDb()
    return checkPlayerForOffer(db, sandboxSupplier(db), data)
  })
