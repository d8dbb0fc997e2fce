import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { CmsPage, ContentSkeleton, loadCmsPage } from '~/modules/cms/components/cms-page'
import { cmsPageHead } from '~/modules/cms/cms-page-head'
import { PAGE_ROUTES } from '~/modules/cms/page-routes'

const slug = PAGE_ROUTES['/payments']

export const Route = createFileRoute('/{-$locale}/_default/payments')({
  loader: ({ context, location }) => loadCmsPage(context, slug, `Page Not Found: ${location.pathname}`),
  head: ({ match, loaderData }) => cmsPageHead(match.context.i18n, loaderData, msg`Payment methods`),
  pendingComponent: ContentSkeleton,
  component: () => <CmsPage slug={slug} />,
})
