/**
 * Order e-mails in the six languages. A mail is read outside the site, so (like the sign-in
 * mails in src/server/mail/templates.ts) its few strings live here rather than in the UI catalogs.
 */
import type { Locale } from '../i18n/locales'
import type { OrderMailKind } from './queues'

interface Words {
  subject: Record<OrderMailKind, (number: string) => string>
  intro: Record<OrderMailKind, string>
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
      receipt: (n) => `Receipt for your order ${n}`,
      delivered: (n) => `Your order ${n} has been delivered`,
      refunded: (n) => `Your order ${n} has been refunded`,
    },
    intro: {
      receipt: 'Thank you! We received your payment and are delivering your order now.',
      delivered: 'Your order has been delivered.',
      refunded: 'We could not deliver your order, so we refunded the full amount to your payment method.',
    },
    order: 'Order',
    total: 'Total',
    player: 'Player',
    proof: 'Delivery reference',
    codes: 'Your codes',
    view: 'Order details',
  },
  fr: {
    subject: {
      receipt: (n) => `Reçu de votre commande ${n}`,
      delivered: (n) => `Votre commande ${n} a été livrée`,
      refunded: (n) => `Votre commande ${n} a été remboursée`,
    },
    intro: {
      receipt: 'Merci ! Nous avons reçu votre paiement et livrons votre commande.',
      delivered: 'Votre commande a été livrée.',
      refunded:
        "Nous n'avons pas pu livrer votre commande : le montant total a été remboursé sur votre moyen de paiement.",
    },
    order: 'Commande',
    total: 'Total',
    player: 'Joueur',
    proof: 'Référence de livraison',
    codes: 'Vos codes',
    view: 'Détails de la commande',
  },
  pt: {
    subject: {
      receipt: (n) => `Recibo do seu pedido ${n}`,
      delivered: (n) => `Seu pedido ${n} foi entregue`,
      refunded: (n) => `Seu pedido ${n} foi reembolsado`,
    },
    intro: {
      receipt: 'Obrigado! Recebemos seu pagamento e estamos entregando seu pedido.',
      delivered: 'Seu pedido foi entregue.',
      refunded: 'Não conseguimos entregar seu pedido, por isso reembolsamos o valor total no seu meio de pagamento.',
    },
    order: 'Pedido',
    total: 'Total',
    player: 'Jogador',
    proof: 'Referência da entrega',
    codes: 'Seus códigos',
    view: 'Detalhes do pedido',
  },
  es: {
    subject: {
      receipt: (n) => `Recibo de tu pedido ${n}`,
      delivered: (n) => `Tu pedido ${n} se ha entregado`,
      refunded: (n) => `Tu pedido ${n} se ha reembolsado`,
    },
    intro: {
      receipt: '¡Gracias! Hemos recibido tu pago y estamos entregando tu pedido.',
      delivered: 'Tu pedido se ha entregado.',
      refunded: 'No hemos podido entregar tu pedido, así que hemos reembolsado el importe total a tu método de pago.',
    },
    order: 'Pedido',
    total: 'Total',
    player: 'Jugador',
    proof: 'Referencia de entrega',
    codes: 'Tus códigos',
    view: 'Detalles del pedido',
  },
  de: {
    subject: {
      receipt: (n) => `Beleg für deine Bestellung ${n}`,
      delivered: (n) => `Deine Bestellung ${n} wurde geliefert`,
      refunded: (n) => `Deine Bestellung ${n} wurde erstattet`,
    },
    intro: {
      receipt: 'Danke! Wir haben deine Zahlung erhalten und liefern deine Bestellung jetzt aus.',
      delivered: 'Deine Bestellung wurde geliefert.',
      refunded:
        'Wir konnten deine Bestellung nicht liefern und haben den vollen Betrag auf dein Zahlungsmittel erstattet.',
    },
    order: 'Bestellung',
    total: 'Summe',
    player: 'Spieler',
    proof: 'Lieferreferenz',
    codes: 'Deine Codes',
    view: 'Bestelldetails',
  },
  ru: {
    subject: {
      receipt: (n) => `Чек по заказу ${n}`,
      delivered: (n) => `Заказ ${n} доставлен`,
      refunded: (n) => `Средства за заказ ${n} возвращены`,
    },
    intro: {
      receipt: 'Спасибо! Мы получили оплату и уже доставляем ваш заказ.',
      delivered: 'Ваш заказ доставлен.',
      refunded: 'Нам не удалось доставить заказ, поэтому мы вернули всю сумму на ваш способ оплаты.',
    },
    order: 'Заказ',
    total: 'Итого',
    player: 'Игрок',
    proof: 'Номер доставки',
    codes: 'Ваши коды',
    view: 'Детали заказа',
  },
}
