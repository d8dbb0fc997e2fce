/**
 * Countries for the billing address: stored as ISO 3166-1 alpha-2 codes, shown by their names in
 * the visitor's language from the platform (`Intl.DisplayNames`), so no name list is shipped.
 */
import { LOCALE_TAGS, type Locale } from '~/modules/i18n/locales'

const CODES =
  'AD AE AF AG AI AL AM AO AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS BT BW BY BZ CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE EG EH ER ES ET FI FJ FK FM FO FR GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY HK HN HR HT HU ID IE IL IM IN IO IQ IR IS IT JE JM JO JP KE KG KH KI KM KN KP KR KW KY KZ LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK ML MM MN MO MP MQ MR MS MT MU MV MW MX MY MZ NA NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM PN PR PS PT PW PY QA RE RO RS RU RW SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ TC TD TF TG TH TJ TK TL TM TN TO TR TT TV TW TZ UA UG US UY UZ VA VC VE VG VI VN VU WF WS XK YE YT ZA ZM ZW'

export const COUNTRY_CODES: readonly string[] = CODES.split(' ')

export interface Country {
  code: string
  name: string
}

/** Every country with its name in `locale`, in that language's alphabetical order. */
export function countryList(locale: Locale): Country[] {
  const tag = LOCALE_TAGS[locale]
  const names = new Intl.DisplayNames([tag], { type: 'region', fallback: 'code' })
  const collator = new Intl.Collator(tag)
  return COUNTRY_CODES.map((code) => ({ code, name: names.of(code) ?? code })).sort((a, b) =>
    collator.compare(a.name, b.name),
  )
}

/** The code for what was typed: a country's name in the list (any case) or its code. */
export function countryCodeFor(input: string, list: readonly Country[]): string | undefined {
  const text = input.trim().toLocaleLowerCase()
  if (!text) return ''
  const byName = list.find((c) => c.name.toLocaleLowerCase() === text)
  if (byName) return byName.code
  const upper = text.toUpperCase()
  return COUNTRY_CODES.includes(upper) ? upper : undefined
}
