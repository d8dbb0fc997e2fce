/**
 * Words of the 503 page the server answers while the database is away (src/server/http/
 * unavailable.ts). Kept here, outside server-only code, so the catalogs pick them up.
 */
import { msg } from '@lingui/core/macro'

export const UNAVAILABLE_TEXT = {
  title: msg`The shop is briefly unavailable`,
  body: msg`We are reconnecting to our systems. Please try again in a few seconds.`,
  retry: msg`Try again`,
}
