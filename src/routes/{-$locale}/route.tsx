import { createFileRoute } from '@tanstack/react-router'
import { localeParams } from '~/modules/i18n/locale-params'

/** The optional locale prefix: /offer/1, /en/offer/1, /fr/offer/1. Unknown prefixes are not locales. */
export const Route = createFileRoute('/{-$locale}')({ params: localeParams })
