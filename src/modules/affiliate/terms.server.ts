import { config } from '../../../app.config'
import type { ProgrammeTerms } from './affiliate.schemas'

/** The programme's terms, from configuration (AFFILIATE_* in app.config.ts). */
export function programmeTerms(): ProgrammeTerms {
  const c = config()
  return {
    rateBps: c.AFFILIATE_RATE_BPS,
    holdDays: c.AFFILIATE_HOLD_DAYS,
    windowDays: c.AFFILIATE_WINDOW_DAYS,
    attribution: c.AFFILIATE_ATTRIBUTION,
    minWithdrawalMinor: c.AFFILIATE_MIN_WITHDRAWAL_MINOR,
  }
}
