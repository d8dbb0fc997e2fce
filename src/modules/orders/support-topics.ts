/** What a support request on /order/service is about (the UI translates each). */
export const SUPPORT_TOPICS = ['not_received', 'wrong_player', 'payment', 'refund', 'other'] as const
export type SupportTopic = (typeof SUPPORT_TOPICS)[number]
