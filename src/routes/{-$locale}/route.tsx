import { createFileRoute } from '@tanstack/react-router'
import { refParamMiddleware } from '~/modules/affiliate/ref-param.server'
import { localeParams } from '~/modules/i18n/locale-params'

/** The optional locale prefix: /offer/1, /en/offer/1, /fr/offer/1. Unknown prefixes are not locales. */
export const Route = createFileRoute('/{-$locale}')({
  params: localeParams,
  // Every page accepts ?ref=CODE (a referral click), so the middleware sits on the pages' root.
  server: { middleware: [refParamMiddleware] },
})
