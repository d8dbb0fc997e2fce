import { useLingui } from '@lingui/react/macro'
import type { QueryClient } from '@tanstack/react-query'
import { useSuspenseQuery } from '@tanstack/react-query'
import { notFound } from '@tanstack/react-router'
import { isLocale, type Locale } from '~/modules/i18n/locales'
import { PageBody } from './article-body'
import { cmsPageQuery } from '~/modules/cms/content.queries'

/** Loader body for a page rendered from the pages table: 404 (SPEC message) when it does not exist. */
export async function loadCmsPage(
  context: { queryClient: QueryClient; locale: Locale },
  slug: string,
  notFoundMessage: string,
) {
  const page = await context.queryClient.ensureQueryData(cmsPageQuery(slug, context.locale))
  if (!page) throw notFound({ data: { message: notFoundMessage } })
  return { title: page.title, description: page.metaDescription }
}

/** A stored page; content missing in this language is shown in English and marked lang="en". */
export function CmsPage({ slug }: { slug: string }) {
  const { i18n } = useLingui()
  const locale: Locale = isLocale(i18n.locale) ? i18n.locale : 'en'
  const { data: page } = useSuspenseQuery(cmsPageQuery(slug, locale))
  return page ? <PageBody page={page} locale={locale} /> : null
}

export function ContentSkeleton() {
  return (
    <div className="mx-auto max-w-3xl space-y-4 px-4 py-8" aria-busy="true">
      <div className="surface h-9 w-2/3 animate-pulse rounded" />
      {[0, 1, 2, 3].map((i) => (
        <div key={i} className="surface h-4 animate-pulse rounded" />
      ))}
    </div>
  )
}
