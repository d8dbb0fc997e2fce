/** Game search's limits, shared by the doors, the header's box and the results page (no schema library). */

/** The longest query accepted: longer is a client's mistake (400), not a search. */
export const SEARCH_MAX_LENGTH = 100
/** Suggestions under the header's box. */
export const SUGGESTION_LIMIT = 6
/** Games on the results page (and the most an API client may ask for). */
export const RESULTS_LIMIT = 48
/** Best sellers offered when nothing matches. */
export const BEST_SELLERS_LIMIT = 8
