/** Demo static pages in all six locales. */

/** Which route shows which page slug: defined beside the routes that read it. */
export { PAGE_ROUTES } from '~/modules/cms/page-routes'

type Text = { title: string; body: string; metaDescription: string }
export interface SeedPage {
  slug: string
  t: { en: Text; fr: Text; pt: Text; es: Text; de: Text; ru: Text }
}

const p = (...paragraphs: string[]) => paragraphs.map((x) => `<p>${x}</p>`).join('\n')
const ol = (...items: string[]) => `<ol>${items.map((x) => `<li>${x}</li>`).join('')}</ol>`

export const SEED_PAGES: SeedPage[] = [
  {
    slug: 'about-us',
    t: {
      en: {
        title: 'About us',
        metaDescription: 'Who we are and how we deliver game top-ups and currency.',
        body: p(
          'We are a small team of players who got tired of slow, confusing top-up shops. Our store delivers game currency and top-ups for mobile, PC and console games in minutes.',
          'Every price is shown in your currency before you pay, with no hidden fees. Payments are processed by certified providers and your card details never reach our servers.',
          'Questions or feedback? Our support team answers in six languages.',
        ),
      },
      fr: {
        title: 'À propos',
        metaDescription: 'Qui nous sommes et comment nous livrons recharges et monnaies de jeu.',
        body: p(
          'Nous sommes une petite équipe de joueurs lassés des boutiques de recharge lentes et confuses. Notre boutique livre monnaies et recharges pour les jeux mobiles, PC et console en quelques minutes.',
          'Chaque prix est affiché dans votre devise avant le paiement, sans frais cachés. Les paiements sont traités par des prestataires certifiés et vos données de carte n’atteignent jamais nos serveurs.',
          'Une question ou une suggestion ? Notre support répond en six langues.',
        ),
      },
      pt: {
        title: 'Sobre nós',
        metaDescription: 'Quem somos e como entregamos recargas e moedas de jogos.',
        body: p(
          'Somos uma pequena equipe de jogadores cansados de lojas de recarga lentas e confusas. Nossa loja entrega moedas e recargas para jogos de celular, PC e console em minutos.',
          'Todo preço aparece na sua moeda antes do pagamento, sem taxas escondidas. Os pagamentos são processados por provedores certificados e os dados do seu cartão nunca chegam aos nossos servidores.',
          'Dúvidas ou sugestões? Nosso suporte responde em seis idiomas.',
        ),
      },
      es: {
        title: 'Sobre nosotros',
        metaDescription: 'Quiénes somos y cómo entregamos recargas y moneda de juegos.',
        body: p(
          'Somos un pequeño equipo de jugadores cansados de las tiendas de recargas lentas y confusas. Nuestra tienda entrega moneda y recargas para juegos de móvil, PC y consola en minutos.',
          'Todos los precios se muestran en tu moneda antes de pagar, sin comisiones ocultas. Los pagos los procesan proveedores certificados y los datos de tu tarjeta nunca llegan a nuestros servidores.',
          '¿Preguntas o comentarios? Nuestro equipo de soporte responde en seis idiomas.',
        ),
      },
      de: {
        title: 'Über uns',
        metaDescription: 'Wer wir sind und wie wir Aufladungen und Spielwährung liefern.',
        body: p(
          'Wir sind ein kleines Team von Spielern, die langsame und unübersichtliche Aufladeshops satthatten. Unser Shop liefert Spielwährung und Aufladungen für Handy-, PC- und Konsolenspiele in wenigen Minuten.',
          'Jeder Preis wird vor dem Bezahlen in deiner Währung angezeigt, ohne versteckte Gebühren. Zahlungen wickeln zertifizierte Anbieter ab, deine Kartendaten erreichen unsere Server nie.',
          'Fragen oder Feedback? Unser Support antwortet in sechs Sprachen.',
        ),
      },
      ru: {
        title: 'О нас',
        metaDescription: 'Кто мы и как мы доставляем пополнения и игровую валюту.',
        body: p(
          'Мы — небольшая команда игроков, которым надоели медленные и запутанные магазины пополнений. Наш магазин доставляет валюту и пополнения для мобильных, ПК- и консольных игр за считаные минуты.',
          'Каждая цена показывается в вашей валюте до оплаты, без скрытых комиссий. Платежи обрабатывают сертифицированные провайдеры, и данные вашей карты никогда не попадают на наши серверы.',
          'Есть вопросы или предложения? Наша поддержка отвечает на шести языках.',
        ),
      },
    },
  },
  {
    slug: 'contact-us',
    t: {
      en: {
        title: 'Contact us',
        metaDescription: 'How to reach our support team.',
        body: p(
          'The fastest way to get help with an order is the order service page: open the order from your order list and send us a message, so we already have all the details.',
          'For anything else, write to <a href="mailto:support@example.com">support@example.com</a>. We reply within one business day, usually much sooner.',
        ),
      },
      fr: {
        title: 'Nous contacter',
        metaDescription: 'Comment joindre notre équipe d’assistance.',
        body: p(
          'Le moyen le plus rapide d’obtenir de l’aide pour une commande est la page de service de commande : ouvrez la commande depuis votre liste et envoyez-nous un message, nous aurons ainsi déjà tous les détails.',
          'Pour toute autre demande, écrivez à <a href="mailto:support@example.com">support@example.com</a>. Nous répondons sous un jour ouvré, souvent bien plus vite.',
        ),
      },
      pt: {
        title: 'Fale conosco',
        metaDescription: 'Como falar com nossa equipe de suporte.',
        body: p(
          'A forma mais rápida de conseguir ajuda com um pedido é a página de atendimento do pedido: abra o pedido na sua lista e envie uma mensagem, assim já teremos todos os detalhes.',
          'Para outros assuntos, escreva para <a href="mailto:support@example.com">support@example.com</a>. Respondemos em até um dia útil, geralmente bem antes.',
        ),
      },
      es: {
        title: 'Contacto',
        metaDescription: 'Cómo contactar con nuestro equipo de soporte.',
        body: p(
          'La forma más rápida de obtener ayuda con un pedido es la página de servicio del pedido: abre el pedido desde tu lista y envíanos un mensaje, así ya tendremos todos los detalles.',
          'Para cualquier otra consulta, escribe a <a href="mailto:support@example.com">support@example.com</a>. Respondemos en un día laborable, normalmente mucho antes.',
        ),
      },
      de: {
        title: 'Kontakt',
        metaDescription: 'So erreichst du unser Support-Team.',
        body: p(
          'Am schnellsten hilft dir die Serviceseite der Bestellung: Öffne die Bestellung in deiner Bestellliste und schick uns eine Nachricht – dann haben wir alle Details schon vorliegen.',
          'Für alles andere schreib an <a href="mailto:support@example.com">support@example.com</a>. Wir antworten innerhalb eines Werktags, meist deutlich schneller.',
        ),
      },
      ru: {
        title: 'Связаться с нами',
        metaDescription: 'Как связаться с нашей службой поддержки.',
        body: p(
          'Быстрее всего получить помощь по заказу через страницу обслуживания заказа: откройте заказ в списке и отправьте нам сообщение — так у нас сразу будут все подробности.',
          'По остальным вопросам пишите на <a href="mailto:support@example.com">support@example.com</a>. Мы отвечаем в течение одного рабочего дня, обычно гораздо быстрее.',
        ),
      },
    },
  },
  {
    slug: 'how-to-buy',
    t: {
      en: {
        title: 'How to buy',
        metaDescription: 'Buying a top-up or game currency, step by step.',
        body:
          p('Buying takes about a minute:') +
          '\n' +
          ol(
            'Find your game through the categories or the search and open its offer page.',
            'Choose a denomination. For top-ups, enter your player ID (and server, if the game asks for one).',
            'Sign in, apply a coupon if you have one, and pay by card or wallet.',
            'Top-ups are credited to your game account; game-currency codes appear on the order page and arrive by e-mail.',
          ) +
          '\n' +
          p('You can follow every order from your order list.'),
      },
      fr: {
        title: 'Comment acheter',
        metaDescription: 'Acheter une recharge ou de la monnaie de jeu, étape par étape.',
        body:
          p('Un achat prend environ une minute :') +
          '\n' +
          ol(
            'Trouvez votre jeu via les catégories ou la recherche et ouvrez sa page d’offre.',
            'Choisissez un montant. Pour une recharge, saisissez votre identifiant de joueur (et le serveur si le jeu le demande).',
            'Connectez-vous, appliquez un coupon si vous en avez un, puis payez par carte ou portefeuille.',
            'Les recharges sont créditées sur votre compte de jeu ; les codes de monnaie s’affichent sur la page de commande et arrivent par e-mail.',
          ) +
          '\n' +
          p('Vous pouvez suivre chaque commande depuis votre liste de commandes.'),
      },
      pt: {
        title: 'Como comprar',
        metaDescription: 'Comprar uma recarga ou moeda de jogo, passo a passo.',
        body:
          p('Comprar leva cerca de um minuto:') +
          '\n' +
          ol(
            'Encontre seu jogo pelas categorias ou pela busca e abra a página da oferta.',
            'Escolha um valor. Para recargas, informe seu ID de jogador (e o servidor, se o jogo pedir).',
            'Entre na sua conta, aplique um cupom se tiver e pague com cartão ou carteira digital.',
            'As recargas caem na sua conta do jogo; os códigos de moeda aparecem na página do pedido e chegam por e-mail.',
          ) +
          '\n' +
          p('Você pode acompanhar todos os pedidos na sua lista de pedidos.'),
      },
      es: {
        title: 'Cómo comprar',
        metaDescription: 'Comprar una recarga o moneda de juego, paso a paso.',
        body:
          p('Comprar lleva más o menos un minuto:') +
          '\n' +
          ol(
            'Encuentra tu juego en las categorías o con el buscador y abre su página de oferta.',
            'Elige un importe. Para recargas, introduce tu ID de jugador (y el servidor, si el juego lo pide).',
            'Inicia sesión, aplica un cupón si tienes uno y paga con tarjeta o monedero.',
            'Las recargas se abonan en tu cuenta del juego; los códigos de moneda aparecen en la página del pedido y llegan por correo.',
          ) +
          '\n' +
          p('Puedes seguir cada pedido desde tu lista de pedidos.'),
      },
      de: {
        title: 'So kaufst du ein',
        metaDescription: 'Eine Aufladung oder Spielwährung kaufen, Schritt für Schritt.',
        body:
          p('Ein Kauf dauert etwa eine Minute:') +
          '\n' +
          ol(
            'Finde dein Spiel über die Kategorien oder die Suche und öffne die Angebotsseite.',
            'Wähle einen Betrag. Bei Aufladungen gibst du deine Spieler-ID ein (und den Server, falls das Spiel danach fragt).',
            'Melde dich an, löse bei Bedarf einen Gutschein ein und bezahle per Karte oder Wallet.',
            'Aufladungen werden deinem Spielkonto gutgeschrieben; Währungscodes erscheinen auf der Bestellseite und kommen per E-Mail.',
          ) +
          '\n' +
          p('Jede Bestellung kannst du in deiner Bestellliste verfolgen.'),
      },
      ru: {
        title: 'Как купить',
        metaDescription: 'Покупка пополнения или игровой валюты шаг за шагом.',
        body:
          p('Покупка занимает около минуты:') +
          '\n' +
          ol(
            'Найдите игру через категории или поиск и откройте страницу предложения.',
            'Выберите номинал. Для пополнения укажите ID игрока (и сервер, если игра его требует).',
            'Войдите в аккаунт, примените купон, если он есть, и оплатите картой или кошельком.',
            'Пополнения зачисляются на игровой аккаунт; коды валюты появляются на странице заказа и приходят на e-mail.',
          ) +
          '\n' +
          p('Все заказы можно отслеживать в списке заказов.'),
      },
    },
  },
  {
    slug: 'refund-policy',
    t: {
      en: {
        title: 'Refund policy',
        metaDescription: 'When and how orders are refunded.',
        body: p(
          'If we cannot deliver your order, for example because the game rejects the player ID, we refund it automatically to the original payment method. You do not need to ask.',
          'Delivered top-ups and revealed codes cannot be returned, because the game has already credited them. If a delivered code does not work, contact us from the order service page within 14 days and we will investigate.',
          'Refunds usually reach your account within 5 to 10 business days, depending on your bank or wallet.',
        ),
      },
      fr: {
        title: 'Politique de remboursement',
        metaDescription: 'Quand et comment les commandes sont remboursées.',
        body: p(
          'Si nous ne pouvons pas livrer votre commande, par exemple parce que le jeu refuse l’identifiant de joueur, nous la remboursons automatiquement sur le moyen de paiement d’origine. Vous n’avez rien à demander.',
          'Les recharges livrées et les codes révélés ne peuvent pas être retournés, car le jeu les a déjà crédités. Si un code livré ne fonctionne pas, contactez-nous depuis la page de service de commande sous 14 jours et nous enquêterons.',
          'Les remboursements arrivent généralement sous 5 à 10 jours ouvrés, selon votre banque ou votre portefeuille.',
        ),
      },
      pt: {
        title: 'Política de reembolso',
        metaDescription: 'Quando e como os pedidos são reembolsados.',
        body: p(
          'Se não conseguirmos entregar seu pedido, por exemplo porque o jogo recusou o ID de jogador, reembolsamos automaticamente no meio de pagamento original. Você não precisa pedir.',
          'Recargas entregues e códigos revelados não podem ser devolvidos, pois o jogo já os creditou. Se um código entregue não funcionar, fale conosco pela página de atendimento do pedido em até 14 dias e vamos investigar.',
          'Os reembolsos costumam chegar em 5 a 10 dias úteis, dependendo do seu banco ou carteira.',
        ),
      },
      es: {
        title: 'Política de reembolso',
        metaDescription: 'Cuándo y cómo se reembolsan los pedidos.',
        body: p(
          'Si no podemos entregar tu pedido, por ejemplo porque el juego rechaza el ID de jugador, lo reembolsamos automáticamente al método de pago original. No tienes que pedirlo.',
          'Las recargas entregadas y los códigos revelados no se pueden devolver, porque el juego ya los ha abonado. Si un código entregado no funciona, contáctanos desde la página de servicio del pedido en un plazo de 14 días y lo investigaremos.',
          'Los reembolsos suelen llegar en 5 a 10 días laborables, según tu banco o monedero.',
        ),
      },
      de: {
        title: 'Erstattungsrichtlinie',
        metaDescription: 'Wann und wie Bestellungen erstattet werden.',
        body: p(
          'Können wir deine Bestellung nicht liefern, etwa weil das Spiel die Spieler-ID ablehnt, erstatten wir sie automatisch auf das ursprüngliche Zahlungsmittel. Du musst nichts beantragen.',
          'Gelieferte Aufladungen und aufgedeckte Codes können nicht zurückgegeben werden, da das Spiel sie bereits gutgeschrieben hat. Funktioniert ein gelieferter Code nicht, melde dich innerhalb von 14 Tagen über die Serviceseite der Bestellung, und wir prüfen den Fall.',
          'Erstattungen kommen je nach Bank oder Wallet in der Regel innerhalb von 5 bis 10 Werktagen an.',
        ),
      },
      ru: {
        title: 'Политика возврата',
        metaDescription: 'Когда и как возвращаются деньги за заказы.',
        body: p(
          'Если мы не можем выполнить заказ — например, игра отклонила ID игрока, — мы автоматически возвращаем деньги на исходный способ оплаты. Просить об этом не нужно.',
          'Доставленные пополнения и открытые коды вернуть нельзя: игра уже зачислила их. Если доставленный код не работает, напишите нам со страницы обслуживания заказа в течение 14 дней, и мы разберёмся.',
          'Обычно деньги возвращаются за 5–10 рабочих дней в зависимости от банка или кошелька.',
        ),
      },
    },
  },
  {
    slug: 'payments',
    t: {
      en: {
        title: 'Payment methods',
        metaDescription: 'Cards, wallets and the currencies we accept.',
        body: p(
          'We accept debit and credit cards and an online wallet. Card payments may ask you to confirm with your bank (3-D Secure); this protects you against unauthorised use of your card.',
          'Prices are set in US dollars, euros, Brazilian reais and Russian roubles. The amount you see at checkout is exactly the amount charged by us; your bank may add its own fees for foreign currencies.',
          'Payment pages are hosted by our payment provider, so your card number is never stored on our servers.',
        ),
      },
      fr: {
        title: 'Moyens de paiement',
        metaDescription: 'Cartes, portefeuilles et devises acceptées.',
        body: p(
          'Nous acceptons les cartes de débit et de crédit ainsi qu’un portefeuille en ligne. Un paiement par carte peut demander une confirmation auprès de votre banque (3-D Secure), ce qui vous protège contre l’utilisation frauduleuse de votre carte.',
          'Les prix sont fixés en dollars américains, euros, réals brésiliens et roubles russes. Le montant affiché au paiement est exactement celui que nous prélevons ; votre banque peut ajouter ses propres frais pour les devises étrangères.',
          'Les pages de paiement sont hébergées par notre prestataire : votre numéro de carte n’est jamais stocké sur nos serveurs.',
        ),
      },
      pt: {
        title: 'Formas de pagamento',
        metaDescription: 'Cartões, carteiras digitais e moedas aceitas.',
        body: p(
          'Aceitamos cartões de débito e crédito e uma carteira digital. Pagamentos com cartão podem pedir confirmação do seu banco (3-D Secure), o que protege você contra o uso indevido do cartão.',
          'Os preços são definidos em dólares americanos, euros, reais e rublos russos. O valor exibido no checkout é exatamente o valor que cobramos; seu banco pode acrescentar tarifas próprias para moedas estrangeiras.',
          'As páginas de pagamento ficam no nosso provedor de pagamentos, então o número do seu cartão nunca é armazenado em nossos servidores.',
        ),
      },
      es: {
        title: 'Métodos de pago',
        metaDescription: 'Tarjetas, monederos y monedas que aceptamos.',
        body: p(
          'Aceptamos tarjetas de débito y crédito y un monedero en línea. Los pagos con tarjeta pueden pedir una confirmación de tu banco (3-D Secure), que te protege frente al uso no autorizado de tu tarjeta.',
          'Los precios se fijan en dólares estadounidenses, euros, reales brasileños y rublos rusos. El importe que ves al pagar es exactamente lo que cobramos; tu banco puede añadir sus propias comisiones por moneda extranjera.',
          'Las páginas de pago las aloja nuestro proveedor de pagos, así que tu número de tarjeta nunca se guarda en nuestros servidores.',
        ),
      },
      de: {
        title: 'Zahlungsarten',
        metaDescription: 'Karten, Wallets und die Währungen, die wir akzeptieren.',
        body: p(
          'Wir akzeptieren Debit- und Kreditkarten sowie eine Online-Wallet. Bei Kartenzahlungen kann deine Bank eine Bestätigung verlangen (3-D Secure); das schützt dich vor unbefugter Nutzung deiner Karte.',
          'Die Preise sind in US-Dollar, Euro, Brasilianischen Real und Russischen Rubel festgelegt. Der Betrag an der Kasse ist genau der Betrag, den wir abbuchen; deine Bank kann für Fremdwährungen eigene Gebühren erheben.',
          'Die Zahlungsseiten liegen bei unserem Zahlungsdienstleister, deine Kartennummer wird also nie auf unseren Servern gespeichert.',
        ),
      },
      ru: {
        title: 'Способы оплаты',
        metaDescription: 'Карты, кошельки и принимаемые валюты.',
        body: p(
          'Мы принимаем дебетовые и кредитные карты, а также онлайн-кошелёк. При оплате картой банк может попросить подтверждение (3-D Secure) — это защищает вас от несанкционированного использования карты.',
          'Цены установлены в долларах США, евро, бразильских реалах и российских рублях. Сумма при оформлении заказа — ровно та, которую мы спишем; ваш банк может взять собственную комиссию за операции в иностранной валюте.',
          'Платёжные страницы размещены у нашего платёжного провайдера, поэтому номер вашей карты никогда не хранится на наших серверах.',
        ),
      },
    },
  },
  {
    slug: 'wallet-guide',
    t: {
      en: {
        title: 'Paying with a wallet',
        metaDescription: 'Step-by-step guide to paying for an order with an online wallet.',
        body:
          p('Paying with a wallet keeps your card details out of the checkout entirely:') +
          '\n' +
          ol(
            'At checkout, choose “Wallet” as the payment method and confirm the order.',
            'You are taken to the wallet page. Check the amount and currency, then approve the payment.',
            'You return to the payment result page, and the order starts processing straight away.',
          ) +
          '\n' +
          p(
            'If you cancel on the wallet page, nothing is charged and you can pick another method for the same order until it expires.',
          ),
      },
      fr: {
        title: 'Payer avec un portefeuille',
        metaDescription: 'Guide étape par étape pour régler une commande avec un portefeuille en ligne.',
        body:
          p('Payer avec un portefeuille tient complètement vos données de carte à l’écart du paiement :') +
          '\n' +
          ol(
            'Au moment du paiement, choisissez « Portefeuille » comme moyen de paiement et confirmez la commande.',
            'Vous arrivez sur la page du portefeuille. Vérifiez le montant et la devise, puis approuvez le paiement.',
            'Vous revenez sur la page de résultat du paiement et la commande est traitée immédiatement.',
          ) +
          '\n' +
          p(
            'Si vous annulez sur la page du portefeuille, rien n’est débité et vous pouvez choisir un autre moyen pour la même commande tant qu’elle n’a pas expiré.',
          ),
      },
      pt: {
        title: 'Pagar com carteira digital',
        metaDescription: 'Guia passo a passo para pagar um pedido com carteira digital.',
        body:
          p('Pagar com carteira digital deixa os dados do seu cartão totalmente fora do checkout:') +
          '\n' +
          ol(
            'No checkout, escolha “Carteira” como forma de pagamento e confirme o pedido.',
            'Você será levado à página da carteira. Confira o valor e a moeda e aprove o pagamento.',
            'Você volta para a página de resultado do pagamento e o pedido começa a ser processado na hora.',
          ) +
          '\n' +
          p(
            'Se cancelar na página da carteira, nada é cobrado e você pode escolher outra forma de pagamento para o mesmo pedido até ele expirar.',
          ),
      },
      es: {
        title: 'Pagar con monedero',
        metaDescription: 'Guía paso a paso para pagar un pedido con un monedero en línea.',
        body:
          p('Pagar con monedero mantiene los datos de tu tarjeta totalmente fuera del proceso de pago:') +
          '\n' +
          ol(
            'Al pagar, elige «Monedero» como método de pago y confirma el pedido.',
            'Irás a la página del monedero. Comprueba el importe y la moneda y aprueba el pago.',
            'Volverás a la página de resultado del pago y el pedido empezará a procesarse al momento.',
          ) +
          '\n' +
          p(
            'Si cancelas en la página del monedero, no se cobra nada y puedes elegir otro método para el mismo pedido mientras no caduque.',
          ),
      },
      de: {
        title: 'Mit einer Wallet bezahlen',
        metaDescription: 'Schritt-für-Schritt-Anleitung zum Bezahlen einer Bestellung mit einer Online-Wallet.',
        body:
          p('Mit einer Wallet bleiben deine Kartendaten vollständig aus dem Bezahlvorgang heraus:') +
          '\n' +
          ol(
            'Wähle an der Kasse „Wallet“ als Zahlungsart und bestätige die Bestellung.',
            'Du landest auf der Wallet-Seite. Prüfe Betrag und Währung und gib die Zahlung frei.',
            'Du kehrst zur Seite mit dem Zahlungsergebnis zurück, und die Bestellung wird sofort bearbeitet.',
          ) +
          '\n' +
          p(
            'Brichst du auf der Wallet-Seite ab, wird nichts belastet, und du kannst für dieselbe Bestellung eine andere Zahlungsart wählen, solange sie nicht abgelaufen ist.',
          ),
      },
      ru: {
        title: 'Оплата кошельком',
        metaDescription: 'Пошаговая инструкция по оплате заказа онлайн-кошельком.',
        body:
          p('При оплате кошельком данные вашей карты вообще не участвуют в оформлении заказа:') +
          '\n' +
          ol(
            'При оформлении заказа выберите способ оплаты «Кошелёк» и подтвердите заказ.',
            'Откроется страница кошелька. Проверьте сумму и валюту и подтвердите платёж.',
            'Вы вернётесь на страницу результата оплаты, и заказ сразу начнёт обрабатываться.',
          ) +
          '\n' +
          p(
            'Если отменить оплату на странице кошелька, деньги не спишутся, и для того же заказа можно выбрать другой способ оплаты, пока срок его действия не истёк.',
          ),
      },
    },
  },
]
