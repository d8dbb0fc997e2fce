/**
 * Webhook signatures of the payment sandbox: the shop's one HMAC scheme (src/server/http/signature.ts,
 * shared with the supplier protocol) under the headers `webhook-timestamp` and `webhook-signature`.
 */
export { SIGNATURE_TOLERANCE_SECONDS, signPayload, verifySignature, type SignatureCheck } from '~/server/http/signature'

export const TIMESTAMP_HEADER = 'webhook-timestamp'
export const SIGNATURE_HEADER = 'webhook-signature'
