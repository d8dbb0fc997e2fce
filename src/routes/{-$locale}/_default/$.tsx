import { msg } from '@lingui/core/macro'
import { createFileRoute, notFound } from '@tanstack/react-router'
import { CmsPage, ContentSkeleton, loadCmsPage } from '~/modules/cms/components/cms-page'
import { cmsPageHead } from '~/modules/cms/cms-page-head'
import { CMS_SLUG } from '~/modules/cms/content.schemas'
import { matching } from '~/modules/shell/route-params'

/** Catch-all: a CMS page whose slug is the path (one segment), else SPEC §8's 404. */
export const Route = createFileRoute('/{-$locale}/_default/$')({
  beforeLoad: ({ params, location }) => {
    const slug = matching(CMS_SLUG)(params._splat ?? '')
    if (slug === undefined) throw notFound({ data: { message: `Page not found ${location.pathname}` } })
    return { slug }
  },
  loader: ({ context, location }) => loadCmsPage(context, context.slug, `Page not found ${location.pathname}`),
  head: ({ match, loaderData }) => cmsPageHead(match.context.i18n, loaderData, msg`Page Not Found`),
  pendingComponent: ContentSkeleton,
  component: Page,
})

function Page() {
  const { slug } = Route.useRouteContext()
  return <CmsPage slug={slug} />
}
