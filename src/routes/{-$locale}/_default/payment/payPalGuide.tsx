import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { openMessageArea } from '~/modules/i18n/i18n'
import { CmsPage, ContentSkeleton, loadCmsPage } from '~/modules/cms/components/cms-page'
import { cmsPageHead } from '~/modules/cms/cms-page-head'
import { PAGE_ROUTES } from '~/modules/cms/page-routes'

const slug = PAGE_ROUTES['/payment/payPalGuide']

export const Route = createFileRoute('/{-$locale}/_default/payment/payPalGuide')({
  // Its messages are the account area's (ADR 067).
  beforeLoad: ({ context }) => openMessageArea(context.i18n, 'account'),
  loader: ({ context, location }) => loadCmsPage(context, slug, `Page Not Found: ${location.pathname}`),
  head: ({ match, loaderData }) => cmsPageHead(match.context.i18n, loaderData, msg`Paying with a wallet`),
  pendingComponent: ContentSkeleton,
  component: () => <CmsPage slug={slug} />,
})
