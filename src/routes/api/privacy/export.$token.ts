import { createFileRoute } from '@tanstack/react-router'
import { handle } from '~/modules/door/rest.server'
import { isLocale, localizePath } from '~/modules/i18n/locales'
import { takeDataFile } from '~/modules/privacy/export.server'
import { exportToken } from '~/modules/privacy/privacy.schemas'
import { utcDay } from '~/modules/time/days'
import { restHandlers } from '~/server/http/respond'

/**
 * The mailed link's download (ADR 125): the data file once, as an attachment. A used, expired or
 * unknown link goes back to its page, which says so in the shopper's language.
 */
export const Route = createFileRoute('/api/privacy/export/$token')({
  server: {
    handlers: restHandlers({
      GET: handle(async ({ request, params, door }) => {
        const token = exportToken.safeParse(params?.token)
        const locale = new URL(request.url).searchParams.get('locale') ?? undefined
        const page = localizePath(
          `/privacy/export/${encodeURIComponent(params?.token ?? '')}`,
          isLocale(locale) ? locale : undefined,
        )
        const taken = token.success ? await takeDataFile((await door()).db, token.data) : null
        if (!taken) {
          return new Response(null, { status: 303, headers: { location: page, 'cache-control': 'no-store' } })
        }
        return new Response(taken.file, {
          headers: {
            'content-type': 'application/json; charset=utf-8',
            'content-disposition': `attachment; filename="my-data-${utcDay(new Date())}.json"`,
            'cache-control': 'no-store',
            'referrer-policy': 'no-referrer',
          },
        })
      }),
    }),
  },
})
