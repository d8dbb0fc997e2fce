import { searchOf, uuid } from '~/modules/shell/route-params'

/** Search params of the payment result pages: which order and attempt to look up, nothing more. */
export const paymentReturnSearch = searchOf({ orderId: uuid, paymentId: uuid })
