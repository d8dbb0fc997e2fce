import { msg } from '@lingui/core/macro'
import { Trans } from '@lingui/react/macro'
import { useQuery, useSuspenseQuery } from '@tanstack/react-query'
import { createFileRoute } from '@tanstack/react-router'
import { linksQuery, latestGameArticlesQuery } from '~/modules/cms/cms.queries'
import { BannerCarousel } from '~/modules/cms/components/banner-carousel'
import { HotGames } from '~/modules/cms/components/hot-games'
import { ArticleCards } from '~/modules/cms/components/article-cards'
import { pageHead } from '~/modules/shell/head'

export const Route = createFileRoute('/{-$locale}/_default/')({
  loader: async ({ context }) => {
    await Promise.all([
      context.queryClient.ensureQueryData(linksQuery(context.locale)),
      context.queryClient.prefetchQuery(latestGameArticlesQuery(context.locale)),
    ])
  },
  head: ({ match }) =>
    pageHead(
      match.context.i18n,
      msg`Game top-ups and game currency`,
      msg`Top up your favourite games in seconds: diamonds, gems, coins and gift cards, paid safely by card or wallet.`,
    ),
  component: Home,
})

function Home() {
  const { locale } = Route.useRouteContext()
  const { data: links } = useSuspenseQuery(linksQuery(locale))
  const articles = useQuery(latestGameArticlesQuery(locale))
  const banners = links.filter((l) => l.scene === 1)
  const hot = links.filter((l) => l.scene === 2)
  return (
    <div className="mx-auto max-w-6xl space-y-12 px-4 py-6">
      <h1 className="sr-only">
        <Trans>Game top-ups and game currency</Trans>
      </h1>
      <BannerCarousel banners={banners} />
      <section aria-labelledby="hot-games-title">
        <h2 id="hot-games-title" className="mb-4 text-2xl font-extrabold">
          <Trans>Hot games</Trans>
        </h2>
        <HotGames games={hot} />
      </section>
      <section aria-labelledby="latest-articles-title">
        <h2 id="latest-articles-title" className="mb-4 text-2xl font-extrabold">
          <Trans>Latest game articles</Trans>
        </h2>
        <ArticleCards articles={articles.data} loading={articles.isPending} />
      </section>
    </div>
  )
}
