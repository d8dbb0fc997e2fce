import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import type { ARTICLE_KINDS } from '~/modules/cms/cms.schemas'

export const KIND_LABELS: Record<(typeof ARTICLE_KINDS)[number], MessageDescriptor> = {
  news: msg`News`,
  game: msg`Game article`,
  guide: msg`Guide`,
}
