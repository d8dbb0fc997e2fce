/**
 * The sandbox gateway's own page texts. Like a real hosted payment page it is translated by the
 * gateway, not by the shop: the shop only passes the shopper's locale when it opens a session.
 */
import type { Locale } from '~/modules/i18n/locales'

export interface PageText {
  payByCard: string
  order: (reference: string) => string
  cardNumber: string
  expiry: string
  cvc: string
  pay: (amount: string) => string
  cardHint: string
  errors: { number: string; expiry: string; cvc: string }
  verifyTitle: string
  challenge: (last4: string) => string
  code: string
  verify: string
  challengeHint: (code: string) => string
  approveTitle: string
  walletTitle: string
  walletText: string
  approve: string
  cancel: string
  notFound: string
  notFoundText: string
}

const CARDS = '<code>4242 4242 4242 4242</code>'
const CHALLENGE_CARD = '<code>4000 0000 0000 3220</code>'
const DECLINED_CARD = '<code>4000 0000 0000 0002</code>'

export const PAGE_TEXT: Record<Locale, PageText> = {
  en: {
    payByCard: 'Pay by card',
    order: (r) => `Order ${r}`,
    cardNumber: 'Card number',
    expiry: 'Expiry (MM/YY)',
    cvc: 'CVC',
    pay: (a) => `Pay ${a}`,
    cardHint: `Test cards: ${CARDS} succeeds · ${CHALLENGE_CARD} asks for 3-D Secure · ${DECLINED_CARD} is declined. Any future expiry, any CVC.`,
    errors: {
      number: 'Card number is not valid.',
      expiry: 'Expiry date must be in the future.',
      cvc: 'CVC must be 3 or 4 digits.',
    },
    verifyTitle: 'Verify it is you',
    challenge: (l) => `Your bank sent a one-time code to your phone. Card ending in ${l}.`,
    code: 'Verification code',
    verify: 'Verify',
    challengeHint: (c) => `Sandbox: <code>${c}</code> passes, any other code fails.`,
    approveTitle: 'Approve payment',
    walletTitle: 'Sandbox Wallet',
    walletText: 'Signed in as demo-wallet@example.com. Approve this payment to TopUp Hub?',
    approve: 'Approve and pay',
    cancel: 'Cancel and return',
    notFound: 'Payment not found',
    notFoundText: 'This payment link is not valid.',
  },
  fr: {
    payByCard: 'Payer par carte',
    order: (r) => `Commande ${r}`,
    cardNumber: 'Numéro de carte',
    expiry: 'Expiration (MM/AA)',
    cvc: 'Cryptogramme (CVC)',
    pay: (a) => `Payer ${a}`,
    cardHint: `Cartes de test : ${CARDS} réussit · ${CHALLENGE_CARD} demande 3-D Secure · ${DECLINED_CARD} est refusée. N’importe quelle date future, n’importe quel cryptogramme.`,
    errors: {
      number: 'Le numéro de carte n’est pas valide.',
      expiry: 'La date d’expiration doit être dans le futur.',
      cvc: 'Le cryptogramme doit comporter 3 ou 4 chiffres.',
    },
    verifyTitle: 'Confirmez votre identité',
    challenge: (l) => `Votre banque a envoyé un code à usage unique sur votre téléphone. Carte se terminant par ${l}.`,
    code: 'Code de vérification',
    verify: 'Valider',
    challengeHint: (c) => `Sandbox : <code>${c}</code> est accepté, tout autre code échoue.`,
    approveTitle: 'Autoriser le paiement',
    walletTitle: 'Portefeuille Sandbox',
    walletText: 'Connecté en tant que demo-wallet@example.com. Autoriser ce paiement à TopUp Hub ?',
    approve: 'Autoriser et payer',
    cancel: 'Annuler et revenir',
    notFound: 'Paiement introuvable',
    notFoundText: 'Ce lien de paiement n’est pas valide.',
  },
  pt: {
    payByCard: 'Pagar com cartão',
    order: (r) => `Pedido ${r}`,
    cardNumber: 'Número do cartão',
    expiry: 'Validade (MM/AA)',
    cvc: 'Código de segurança (CVC)',
    pay: (a) => `Pagar ${a}`,
    cardHint: `Cartões de teste: ${CARDS} é aprovado · ${CHALLENGE_CARD} pede 3-D Secure · ${DECLINED_CARD} é recusado. Qualquer validade futura, qualquer código.`,
    errors: {
      number: 'O número do cartão não é válido.',
      expiry: 'A validade deve estar no futuro.',
      cvc: 'O código deve ter 3 ou 4 dígitos.',
    },
    verifyTitle: 'Confirme que é você',
    challenge: (l) => `Seu banco enviou um código de uso único para o seu celular. Cartão com final ${l}.`,
    code: 'Código de verificação',
    verify: 'Confirmar',
    challengeHint: (c) => `Sandbox: <code>${c}</code> é aceito, qualquer outro código falha.`,
    approveTitle: 'Aprovar pagamento',
    walletTitle: 'Carteira Sandbox',
    walletText: 'Conectado como demo-wallet@example.com. Aprovar este pagamento para a TopUp Hub?',
    approve: 'Aprovar e pagar',
    cancel: 'Cancelar e voltar',
    notFound: 'Pagamento não encontrado',
    notFoundText: 'Este link de pagamento não é válido.',
  },
  es: {
    payByCard: 'Pagar con tarjeta',
    order: (r) => `Pedido ${r}`,
    cardNumber: 'Número de tarjeta',
    expiry: 'Caducidad (MM/AA)',
    cvc: 'Código de seguridad (CVC)',
    pay: (a) => `Pagar ${a}`,
    cardHint: `Tarjetas de prueba: ${CARDS} se aprueba · ${CHALLENGE_CARD} pide 3-D Secure · ${DECLINED_CARD} se rechaza. Cualquier caducidad futura, cualquier código.`,
    errors: {
      number: 'El número de tarjeta no es válido.',
      expiry: 'La fecha de caducidad debe ser futura.',
      cvc: 'El código debe tener 3 o 4 dígitos.',
    },
    verifyTitle: 'Confirma que eres tú',
    challenge: (l) => `Tu banco ha enviado un código de un solo uso a tu teléfono. Tarjeta terminada en ${l}.`,
    code: 'Código de verificación',
    verify: 'Verificar',
    challengeHint: (c) => `Sandbox: <code>${c}</code> se acepta, cualquier otro código falla.`,
    approveTitle: 'Aprobar el pago',
    walletTitle: 'Monedero Sandbox',
    walletText: 'Sesión iniciada como demo-wallet@example.com. ¿Aprobar este pago a TopUp Hub?',
    approve: 'Aprobar y pagar',
    cancel: 'Cancelar y volver',
    notFound: 'Pago no encontrado',
    notFoundText: 'Este enlace de pago no es válido.',
  },
  de: {
    payByCard: 'Mit Karte bezahlen',
    order: (r) => `Bestellung ${r}`,
    cardNumber: 'Kartennummer',
    expiry: 'Gültig bis (MM/JJ)',
    cvc: 'Prüfnummer (CVC)',
    pay: (a) => `${a} bezahlen`,
    cardHint: `Testkarten: ${CARDS} wird angenommen · ${CHALLENGE_CARD} verlangt 3-D Secure · ${DECLINED_CARD} wird abgelehnt. Jedes künftige Ablaufdatum, jede Prüfnummer.`,
    errors: {
      number: 'Die Kartennummer ist ungültig.',
      expiry: 'Das Ablaufdatum muss in der Zukunft liegen.',
      cvc: 'Die Prüfnummer hat 3 oder 4 Ziffern.',
    },
    verifyTitle: 'Bestätige, dass du es bist',
    challenge: (l) => `Deine Bank hat dir einen Einmalcode aufs Handy geschickt. Karte mit Endziffern ${l}.`,
    code: 'Bestätigungscode',
    verify: 'Bestätigen',
    challengeHint: (c) => `Sandbox: <code>${c}</code> wird angenommen, jeder andere Code schlägt fehl.`,
    approveTitle: 'Zahlung freigeben',
    walletTitle: 'Sandbox-Wallet',
    walletText: 'Angemeldet als demo-wallet@example.com. Diese Zahlung an TopUp Hub freigeben?',
    approve: 'Freigeben und bezahlen',
    cancel: 'Abbrechen und zurück',
    notFound: 'Zahlung nicht gefunden',
    notFoundText: 'Dieser Zahlungslink ist ungültig.',
  },
  ru: {
    payByCard: 'Оплата картой',
    order: (r) => `Заказ ${r}`,
    cardNumber: 'Номер карты',
    expiry: 'Срок действия (ММ/ГГ)',
    cvc: 'Код безопасности (CVC)',
    pay: (a) => `Оплатить ${a}`,
    cardHint: `Тестовые карты: ${CARDS} — успешно · ${CHALLENGE_CARD} — запрос 3-D Secure · ${DECLINED_CARD} — отказ. Любой будущий срок действия, любой код.`,
    errors: {
      number: 'Неверный номер карты.',
      expiry: 'Срок действия должен быть в будущем.',
      cvc: 'Код должен состоять из 3 или 4 цифр.',
    },
    verifyTitle: 'Подтвердите, что это вы',
    challenge: (l) => `Банк отправил одноразовый код на ваш телефон. Карта, оканчивающаяся на ${l}.`,
    code: 'Код подтверждения',
    verify: 'Подтвердить',
    challengeHint: (c) => `Sandbox: код <code>${c}</code> проходит, любой другой — нет.`,
    approveTitle: 'Подтверждение платежа',
    walletTitle: 'Кошелёк Sandbox',
    walletText: 'Вы вошли как demo-wallet@example.com. Подтвердить этот платёж в пользу TopUp Hub?',
    approve: 'Подтвердить и оплатить',
    cancel: 'Отменить и вернуться',
    notFound: 'Платёж не найден',
    notFoundText: 'Эта ссылка на оплату недействительна.',
  },
}
