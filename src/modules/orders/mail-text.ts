/**
 * Order e-mails in the six languages. A mail is read outside the site, so (like the sign-in
 * mails in src/server/mail/templates.ts) its few strings live here rather than in the UI catalogs.
 */
import type { Locale } from '~/modules/i18n/locales'
import type { OrderMailKind } from './queues'

interface Words {
  subject: Record<OrderMailKind, (number: string) => string>
  /** `refunded` here is for an order that could not be delivered (the automatic refund). */
  intro: Record<OrderMailKind, string>
  /** The `refunded` intro for an order that had been paid or delivered (staff refunded it). */
  refundedInFull: string
  /** `needs_player_details`: the label of the deadline to correct the player. */
  fixBy: string
  /** `refund_choice` (ADR 116): the deadline's label, the two ways (links), what happens without an answer. */
  choice: { by: string; card: string; credit: string; otherwise: string }
  /** The label of the amount a refund gave back. */
  refunded: string
  /** The refund intros when the money went to store credit (ADR 058) instead of the card or wallet. */
  creditIntro: { refunded: string; refundedInFull: string; partially_refunded: string }
  /** A full refund given back partly to the card or wallet and partly as store credit. */
  refundedMixed: string
  /** The label of an amount given back as store credit (`refunded` labels the card or wallet's). */
  refundedToCredit: string
  /** Labels of the receipt's split when store credit paid part of the order. */
  paidWithCredit: string
  paidByCard: string
  order: string
  total: string
  player: string
  proof: string
  codes: string
  view: string
}

export const MAIL_WORDS: Record<Locale, Words> = {
  en: {
    subject: {
      needs_player_details: (n) => `Your order ${n} needs your player details`,
      refund_choice: (n) => `Delivery of your order ${n} failed: choose your refund`,
      receipt: (n) => `Receipt for your order ${n}`,
      delivered: (n) => `Your order ${n} has been delivered`,
      refunded: (n) => `Your order ${n} has been refunded`,
      payment_returned: (n) => `A payment for your order ${n} has been refunded`,
      partially_refunded: (n) => `Part of your order ${n} has been refunded`,
    },
    intro: {
      refund_choice:
        'We could not deliver your order. Choose how you get your money back: to your card or wallet (it can take a few days to show), or as store credit now, to spend at once.',
      needs_player_details:
        'The game refused the player details of this order, so nothing was delivered yet. Correct them on the order page and we deliver at once; if you do not, we refund the order in full.',
      receipt: 'Thank you! We received your payment and are delivering your order now.',
      delivered: 'Your order has been delivered.',
      refunded: 'We could not deliver your order, so we refunded the full amount to your payment method.',
      payment_returned:
        'Your payment arrived after this order could no longer be paid (it had expired, was cancelled or was already paid), so nothing was delivered for it. We have refunded the full amount to your payment method.',
      partially_refunded:
        'We have refunded part of your order to your payment method. The rest of your order stands as it is.',
    },
    fixBy: 'Correct before',
    choice: {
      by: 'Choose before',
      card: 'Refund to my card or wallet',
      credit: 'Store credit now',
      otherwise: 'Without an answer by then, we refund your card or wallet.',
    },
    refundedInFull: 'We have refunded your order in full to your payment method.',
    refunded: 'Refunded',
    creditIntro: {
      refunded:
        'We could not deliver your order, so we refunded the full amount to your store credit. You can spend it on your next order right away.',
      refundedInFull:
        'We have refunded your order in full to your store credit. You can spend it on your next order right away.',
      partially_refunded:
        'We have refunded part of your order to your store credit. The rest of your order stands as it is.',
    },
    refundedMixed:
      'We have refunded your order in full: the card or wallet part to your payment method, the rest to your store credit.',
    refundedToCredit: 'Refunded to your store credit',
    paidWithCredit: 'Paid with store credit',
    paidByCard: 'Paid by card or wallet',
    order: 'Order',
    total: 'Total',
    player: 'Player',
    proof: 'Delivery reference',
    codes: 'Your codes',
    view: 'Order details',
  },
  fr: {
    subject: {
      needs_player_details: (n) => `Votre commande ${n} a besoin de vos informations de joueur`,
      refund_choice: (n) => `La livraison de votre commande ${n} a échoué : choisissez votre remboursement`,
      receipt: (n) => `Reçu de votre commande ${n}`,
      delivered: (n) => `Votre commande ${n} a été livrée`,
      refunded: (n) => `Votre commande ${n} a été remboursée`,
      payment_returned: (n) => `Un paiement de votre commande ${n} a été remboursé`,
      partially_refunded: (n) => `Une partie de votre commande ${n} a été remboursée`,
    },
    intro: {
      refund_choice:
        "Nous n'avons pas pu livrer votre commande. Choisissez comment récupérer votre argent : sur votre carte ou votre portefeuille (cela peut prendre quelques jours), ou en avoir immédiatement, à utiliser tout de suite.",
      needs_player_details:
        "Le jeu a refusé les informations de joueur de cette commande, rien n'a donc encore été livré. Corrigez-les sur la page de la commande et nous livrons aussitôt ; sinon, nous remboursons la commande en totalité.",
      receipt: 'Merci ! Nous avons reçu votre paiement et livrons votre commande.',
      delivered: 'Votre commande a été livrée.',
      refunded:
        "Nous n'avons pas pu livrer votre commande : le montant total a été remboursé sur votre moyen de paiement.",
      payment_returned:
        "Votre paiement est arrivé alors que cette commande ne pouvait plus être payée (expirée, annulée ou déjà payée) : rien n'a été livré pour ce paiement. Nous avons remboursé le montant total sur votre moyen de paiement.",
      partially_refunded:
        'Nous avons remboursé une partie de votre commande sur votre moyen de paiement. Le reste de votre commande est maintenu.',
    },
    fixBy: 'À corriger avant le',
    choice: {
      by: 'Choisissez avant le',
      card: 'Rembourser sur ma carte ou mon portefeuille',
      credit: 'Avoir immédiat',
      otherwise: "Sans réponse d'ici là, nous remboursons votre carte ou votre portefeuille.",
    },
    refundedInFull: 'Nous avons remboursé la totalité de votre commande sur votre moyen de paiement.',
    refunded: 'Remboursé',
    creditIntro: {
      refunded:
        "Nous n'avons pas pu livrer votre commande : le montant total a été remboursé en avoir sur votre compte. Vous pouvez l'utiliser dès votre prochaine commande.",
      refundedInFull:
        "Nous avons remboursé la totalité de votre commande en avoir sur votre compte. Vous pouvez l'utiliser dès votre prochaine commande.",
      partially_refunded:
        'Nous avons remboursé une partie de votre commande en avoir sur votre compte. Le reste de votre commande est maintenu.',
    },
    refundedMixed:
      'Nous avons remboursé la totalité de votre commande : la part payée par carte ou portefeuille sur votre moyen de paiement, le reste en avoir sur votre compte.',
    refundedToCredit: 'Remboursé en avoir',
    paidWithCredit: 'Payé avec votre avoir',
    paidByCard: 'Payé par carte ou portefeuille',
    order: 'Commande',
    total: 'Total',
    player: 'Joueur',
    proof: 'Référence de livraison',
    codes: 'Vos codes',
    view: 'Détails de la commande',
  },
  pt: {
    subject: {
      needs_player_details: (n) => `O seu pedido ${n} precisa dos seus dados de jogador`,
      refund_choice: (n) => `A entrega do seu pedido ${n} falhou: escolha o seu reembolso`,
      receipt: (n) => `Recibo do seu pedido ${n}`,
      delivered: (n) => `Seu pedido ${n} foi entregue`,
      refunded: (n) => `Seu pedido ${n} foi reembolsado`,
      payment_returned: (n) => `Um pagamento do seu pedido ${n} foi reembolsado`,
      partially_refunded: (n) => `Parte do seu pedido ${n} foi reembolsada`,
    },
    intro: {
      refund_choice:
        'Não conseguimos entregar seu pedido. Escolha como receber seu dinheiro de volta: no seu cartão ou carteira (pode levar alguns dias para aparecer), ou como crédito na loja agora, para usar de imediato.',
      needs_player_details:
        'O jogo recusou os dados de jogador deste pedido, por isso ainda nada foi entregue. Corrija-os na página do pedido e entregamos de imediato; caso contrário, reembolsamos o pedido na totalidade.',
      receipt: 'Obrigado! Recebemos seu pagamento e estamos entregando seu pedido.',
      delivered: 'Seu pedido foi entregue.',
      refunded: 'Não conseguimos entregar seu pedido, por isso reembolsamos o valor total no seu meio de pagamento.',
      payment_returned:
        'Seu pagamento chegou quando este pedido já não podia ser pago (tinha expirado, sido cancelado ou já estava pago), por isso nada foi entregue por ele. Reembolsamos o valor total no seu meio de pagamento.',
      partially_refunded:
        'Reembolsamos parte do seu pedido no seu meio de pagamento. O restante do seu pedido continua valendo.',
    },
    fixBy: 'Corrija antes de',
    choice: {
      by: 'Escolha antes de',
      card: 'Reembolsar no meu cartão ou carteira',
      credit: 'Crédito na loja agora',
      otherwise: 'Sem resposta até lá, reembolsamos seu cartão ou carteira.',
    },
    refundedInFull: 'Reembolsamos o valor total do seu pedido no seu meio de pagamento.',
    refunded: 'Reembolsado',
    creditIntro: {
      refunded:
        'Não conseguimos entregar seu pedido, por isso reembolsamos o valor total em crédito na loja. Você pode usá-lo já no seu próximo pedido.',
      refundedInFull:
        'Reembolsamos o valor total do seu pedido em crédito na loja. Você pode usá-lo já no seu próximo pedido.',
      partially_refunded:
        'Reembolsamos parte do seu pedido em crédito na loja. O restante do seu pedido continua valendo.',
    },
    refundedMixed:
      'Reembolsamos o valor total do seu pedido: a parte paga com cartão ou carteira no seu meio de pagamento, o restante em crédito na loja.',
    refundedToCredit: 'Reembolsado em crédito na loja',
    paidWithCredit: 'Pago com crédito na loja',
    paidByCard: 'Pago com cartão ou carteira',
    order: 'Pedido',
    total: 'Total',
    player: 'Jogador',
    proof: 'Referência da entrega',
    codes: 'Seus códigos',
    view: 'Detalhes do pedido',
  },
  es: {
    subject: {
      needs_player_details: (n) => `Tu pedido ${n} necesita tus datos de jugador`,
      refund_choice: (n) => `La entrega de tu pedido ${n} ha fallado: elige tu reembolso`,
      receipt: (n) => `Recibo de tu pedido ${n}`,
      delivered: (n) => `Tu pedido ${n} se ha entregado`,
      refunded: (n) => `Tu pedido ${n} se ha reembolsado`,
      payment_returned: (n) => `Se ha reembolsado un pago de tu pedido ${n}`,
      partially_refunded: (n) => `Se ha reembolsado parte de tu pedido ${n}`,
    },
    intro: {
      refund_choice:
        'No hemos podido entregar tu pedido. Elige cómo recuperar tu dinero: en tu tarjeta o monedero (puede tardar unos días en aparecer), o como saldo de la tienda ahora, para usarlo al momento.',
      needs_player_details:
        'El juego rechazó los datos de jugador de este pedido, así que aún no se ha entregado nada. Corrígelos en la página del pedido y lo entregamos al momento; si no, reembolsamos el pedido completo.',
      receipt: '¡Gracias! Hemos recibido tu pago y estamos entregando tu pedido.',
      delivered: 'Tu pedido se ha entregado.',
      refunded: 'No hemos podido entregar tu pedido, así que hemos reembolsado el importe total a tu método de pago.',
      payment_returned:
        'Tu pago llegó cuando este pedido ya no se podía pagar (había caducado, se había cancelado o ya estaba pagado), así que no se entregó nada por él. Hemos reembolsado el importe total a tu método de pago.',
      partially_refunded:
        'Hemos reembolsado parte de tu pedido a tu método de pago. El resto de tu pedido sigue en pie.',
    },
    fixBy: 'Corrígelos antes del',
    choice: {
      by: 'Elige antes del',
      card: 'Reembolsar a mi tarjeta o monedero',
      credit: 'Saldo de la tienda ahora',
      otherwise: 'Si no respondes antes, reembolsamos tu tarjeta o monedero.',
    },
    refundedInFull: 'Hemos reembolsado el importe total de tu pedido a tu método de pago.',
    refunded: 'Reembolsado',
    creditIntro: {
      refunded:
        'No hemos podido entregar tu pedido, así que hemos reembolsado el importe total a tu saldo de la tienda. Puedes usarlo ya en tu próximo pedido.',
      refundedInFull:
        'Hemos reembolsado el importe total de tu pedido a tu saldo de la tienda. Puedes usarlo ya en tu próximo pedido.',
      partially_refunded:
        'Hemos reembolsado parte de tu pedido a tu saldo de la tienda. El resto de tu pedido sigue en pie.',
    },
    refundedMixed:
      'Hemos reembolsado el importe total de tu pedido: la parte pagada con tarjeta o monedero a tu método de pago, el resto a tu saldo de la tienda.',
    refundedToCredit: 'Reembolsado a tu saldo de la tienda',
    paidWithCredit: 'Pagado con saldo de la tienda',
    paidByCard: 'Pagado con tarjeta o monedero',
    order: 'Pedido',
    total: 'Total',
    player: 'Jugador',
    proof: 'Referencia de entrega',
    codes: 'Tus códigos',
    view: 'Detalles del pedido',
  },
  de: {
    subject: {
      needs_player_details: (n) => `Deine Bestellung ${n} braucht deine Spielerdaten`,
      refund_choice: (n) => `Die Lieferung deiner Bestellung ${n} ist fehlgeschlagen: wähle deine Erstattung`,
      receipt: (n) => `Beleg für deine Bestellung ${n}`,
      delivered: (n) => `Deine Bestellung ${n} wurde geliefert`,
      refunded: (n) => `Deine Bestellung ${n} wurde erstattet`,
      payment_returned: (n) => `Eine Zahlung für deine Bestellung ${n} wurde erstattet`,
      partially_refunded: (n) => `Ein Teil deiner Bestellung ${n} wurde erstattet`,
    },
    intro: {
      refund_choice:
        'Wir konnten deine Bestellung nicht liefern. Wähle, wie du dein Geld zurückbekommst: auf deine Karte oder Wallet (das kann ein paar Tage dauern) oder sofort als Shop-Guthaben, das du gleich ausgeben kannst.',
      needs_player_details:
        'Das Spiel hat die Spielerdaten dieser Bestellung abgelehnt, daher wurde noch nichts geliefert. Korrigiere sie auf der Bestellseite und wir liefern sofort; sonst erstatten wir die Bestellung vollständig.',
      receipt: 'Danke! Wir haben deine Zahlung erhalten und liefern deine Bestellung jetzt aus.',
      delivered: 'Deine Bestellung wurde geliefert.',
      refunded:
        'Wir konnten deine Bestellung nicht liefern und haben den vollen Betrag auf dein Zahlungsmittel erstattet.',
      payment_returned:
        'Deine Zahlung kam an, als diese Bestellung nicht mehr bezahlt werden konnte (abgelaufen, storniert oder bereits bezahlt), daher wurde dafür nichts geliefert. Wir haben den vollen Betrag auf dein Zahlungsmittel erstattet.',
      partially_refunded:
        'Wir haben einen Teil deiner Bestellung auf dein Zahlungsmittel erstattet. Der Rest deiner Bestellung bleibt bestehen.',
    },
    fixBy: 'Korrigieren bis',
    choice: {
      by: 'Wähle bis',
      card: 'Auf meine Karte oder Wallet erstatten',
      credit: 'Sofort als Shop-Guthaben',
      otherwise: 'Ohne Antwort bis dahin erstatten wir auf deine Karte oder Wallet.',
    },
    refundedInFull: 'Wir haben deine Bestellung vollständig auf dein Zahlungsmittel erstattet.',
    refunded: 'Erstattet',
    creditIntro: {
      refunded:
        'Wir konnten deine Bestellung nicht liefern und haben den vollen Betrag deinem Shop-Guthaben gutgeschrieben. Du kannst es sofort für deine nächste Bestellung nutzen.',
      refundedInFull:
        'Wir haben deine Bestellung vollständig deinem Shop-Guthaben gutgeschrieben. Du kannst es sofort für deine nächste Bestellung nutzen.',
      partially_refunded:
        'Wir haben einen Teil deiner Bestellung deinem Shop-Guthaben gutgeschrieben. Der Rest deiner Bestellung bleibt bestehen.',
    },
    refundedMixed:
      'Wir haben deine Bestellung vollständig erstattet: den mit Karte oder Wallet bezahlten Teil auf dein Zahlungsmittel, den Rest als Shop-Guthaben.',
    refundedToCredit: 'Deinem Shop-Guthaben gutgeschrieben',
    paidWithCredit: 'Mit Shop-Guthaben bezahlt',
    paidByCard: 'Mit Karte oder Wallet bezahlt',
    order: 'Bestellung',
    total: 'Summe',
    player: 'Spieler',
    proof: 'Lieferreferenz',
    codes: 'Deine Codes',
    view: 'Bestelldetails',
  },
  ru: {
    subject: {
      needs_player_details: (n) => `Для заказа ${n} нужны данные вашего игрока`,
      refund_choice: (n) => `Не удалось доставить заказ ${n}: выберите способ возврата`,
      receipt: (n) => `Чек по заказу ${n}`,
      delivered: (n) => `Заказ ${n} доставлен`,
      refunded: (n) => `Средства за заказ ${n} возвращены`,
      payment_returned: (n) => `Платёж по заказу ${n} возвращён`,
      partially_refunded: (n) => `Часть средств за заказ ${n} возвращена`,
    },
    intro: {
      refund_choice:
        'Нам не удалось доставить ваш заказ. Выберите, как вернуть деньги: на карту или кошелёк (это может занять несколько дней) или сразу на баланс в магазине, чтобы потратить его немедленно.',
      needs_player_details:
        'Игра отклонила данные игрока в этом заказе, поэтому ничего ещё не доставлено. Исправьте их на странице заказа, и мы сразу доставим заказ; иначе мы вернём всю сумму.',
      receipt: 'Спасибо! Мы получили оплату и уже доставляем ваш заказ.',
      delivered: 'Ваш заказ доставлен.',
      refunded: 'Нам не удалось доставить заказ, поэтому мы вернули всю сумму на ваш способ оплаты.',
      payment_returned:
        'Ваш платёж поступил, когда этот заказ уже нельзя было оплатить (срок истёк, заказ отменён или уже оплачен), поэтому по нему ничего не доставлено. Мы вернули всю сумму на ваш способ оплаты.',
      partially_refunded: 'Мы вернули часть суммы заказа на ваш способ оплаты. Остальная часть заказа остаётся в силе.',
    },
    fixBy: 'Исправьте до',
    choice: {
      by: 'Выберите до',
      card: 'Вернуть на мою карту или кошелёк',
      credit: 'Сразу на баланс в магазине',
      otherwise: 'Если вы не ответите до этого срока, мы вернём деньги на карту или кошелёк.',
    },
    refundedInFull: 'Мы вернули всю сумму заказа на ваш способ оплаты.',
    refunded: 'Возвращено',
    creditIntro: {
      refunded:
        'Нам не удалось доставить заказ, поэтому мы вернули всю сумму на ваш баланс в магазине. Её можно сразу потратить на следующий заказ.',
      refundedInFull:
        'Мы вернули всю сумму заказа на ваш баланс в магазине. Её можно сразу потратить на следующий заказ.',
      partially_refunded:
        'Мы вернули часть суммы заказа на ваш баланс в магазине. Остальная часть заказа остаётся в силе.',
    },
    refundedMixed:
      'Мы вернули всю сумму заказа: часть, оплаченную картой или кошельком, — на ваш способ оплаты, остальное — на ваш баланс в магазине.',
    refundedToCredit: 'Возвращено на баланс в магазине',
    paidWithCredit: 'Оплачено балансом магазина',
    paidByCard: 'Оплачено картой или кошельком',
    order: 'Заказ',
    total: 'Итого',
    player: 'Игрок',
    proof: 'Номер доставки',
    codes: 'Ваши коды',
    view: 'Детали заказа',
  },
}
