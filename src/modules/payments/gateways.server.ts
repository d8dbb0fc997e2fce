/** The configured payment gateway. Only the sandbox exists today; a real one plugs in here. */
import type { Db } from '~/server/db/client'
import { SANDBOX_GATEWAY, sandboxGateway } from '~/server/payments/sandbox/gateway.server'
import type { PaymentGateway } from './gateway'

export function paymentGateway(db: Db, name: string = SANDBOX_GATEWAY): PaymentGateway {
  if (name === SANDBOX_GATEWAY) return sandboxGateway(db)
  throw new Error(`unknown payment gateway ${name}`)
}

export const DEFAULT_GATEWAY = SANDBOX_GATEWAY
