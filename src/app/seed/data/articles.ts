/** Demo news and game articles, written in all six locales. */

type Text = { title: string; summary: string; content: string }
export interface SeedArticle {
  path: string
  kind: 'news' | 'game' | 'guide'
  /** Slug of the game a 'game' article is about. */
  game?: string
  cover: string
  publishedAt: string
  t: { en: Text; fr: Text; pt: Text; es: Text; de: Text; ru: Text }
}

const html = (...paragraphs: string[]) => paragraphs.map((p) => `<p>${p}</p>`).join('\n')

export const SEED_ARTICLES: SeedArticle[] = [
  {
    path: 'store-open-in-six-languages',
    kind: 'news',
    cover: '/images/banners/1.svg',
    publishedAt: '2026-06-02T09:00:00Z',
    t: {
      en: {
        title: 'Our store now speaks six languages',
        summary: 'Browse, pay and get support in English, French, Portuguese, Spanish, German or Russian.',
        content: html(
          'From today the whole store is available in six languages. Pick yours from the menu at the top of any page and we will remember it for your next visit.',
          'Order e-mails, receipts and support replies follow the language you chose, so nothing gets lost in translation.',
          'Spotted a wording that feels off? Write to us from the contact page: we read every message.',
        ),
      },
      fr: {
        title: 'Notre boutique parle désormais six langues',
        summary: 'Naviguez, payez et obtenez de l’aide en anglais, français, portugais, espagnol, allemand ou russe.',
        content: html(
          'Dès aujourd’hui, toute la boutique est disponible en six langues. Choisissez la vôtre dans le menu en haut de chaque page et nous nous en souviendrons lors de votre prochaine visite.',
          'Les e-mails de commande, les reçus et les réponses du support suivent la langue choisie : rien ne se perd dans la traduction.',
          'Une formulation vous semble maladroite ? Écrivez-nous depuis la page de contact : nous lisons chaque message.',
        ),
      },
      pt: {
        title: 'Nossa loja agora fala seis idiomas',
        summary: 'Navegue, pague e receba suporte em inglês, francês, português, espanhol, alemão ou russo.',
        content: html(
          'A partir de hoje, toda a loja está disponível em seis idiomas. Escolha o seu no menu no topo de qualquer página e vamos lembrar dele na sua próxima visita.',
          'E-mails de pedido, recibos e respostas do suporte seguem o idioma escolhido, para que nada se perca na tradução.',
          'Encontrou uma frase estranha? Escreva para nós pela página de contato: lemos todas as mensagens.',
        ),
      },
      es: {
        title: 'Nuestra tienda ya habla seis idiomas',
        summary: 'Navega, paga y recibe ayuda en inglés, francés, portugués, español, alemán o ruso.',
        content: html(
          'Desde hoy toda la tienda está disponible en seis idiomas. Elige el tuyo en el menú de la parte superior de cualquier página y lo recordaremos en tu próxima visita.',
          'Los correos de pedido, los recibos y las respuestas del soporte siguen el idioma que elegiste, para que nada se pierda en la traducción.',
          '¿Has visto alguna frase extraña? Escríbenos desde la página de contacto: leemos todos los mensajes.',
        ),
      },
      de: {
        title: 'Unser Shop spricht jetzt sechs Sprachen',
        summary:
          'Stöbern, bezahlen und Hilfe bekommen – auf Englisch, Französisch, Portugiesisch, Spanisch, Deutsch oder Russisch.',
        content: html(
          'Ab heute ist der gesamte Shop in sechs Sprachen verfügbar. Wähle deine im Menü oben auf jeder Seite aus, und wir merken sie uns für deinen nächsten Besuch.',
          'Bestell-E-Mails, Belege und Antworten des Supports kommen in der gewählten Sprache, damit nichts in der Übersetzung verloren geht.',
          'Eine Formulierung klingt seltsam? Schreib uns über die Kontaktseite – wir lesen jede Nachricht.',
        ),
      },
      ru: {
        title: 'Наш магазин теперь говорит на шести языках',
        summary:
          'Выбирайте товары, оплачивайте и получайте поддержку на английском, французском, португальском, испанском, немецком или русском.',
        content: html(
          'С сегодняшнего дня весь магазин доступен на шести языках. Выберите свой в меню вверху любой страницы — мы запомним его до следующего визита.',
          'Письма о заказах, чеки и ответы поддержки приходят на выбранном языке, так что ничего не теряется при переводе.',
          'Заметили неудачную формулировку? Напишите нам через страницу контактов — мы читаем каждое сообщение.',
        ),
      },
    },
  },
  {
    path: 'wallet-payments-arrive',
    kind: 'news',
    cover: '/images/banners/2.svg',
    publishedAt: '2026-07-15T10:00:00Z',
    t: {
      en: {
        title: 'Wallet payments have arrived',
        summary: 'Pay with your online wallet in two taps, without typing card details.',
        content: html(
          'Next to card payments you can now choose a wallet at checkout. You approve the payment on the wallet page and come straight back to your order.',
          'Your card details never pass through our store: payments are handled on the provider’s secure pages.',
          'See the wallet payment guide for a step-by-step walkthrough.',
        ),
      },
      fr: {
        title: 'Le paiement par portefeuille est arrivé',
        summary: 'Payez avec votre portefeuille en ligne en deux gestes, sans saisir vos données de carte.',
        content: html(
          'En plus de la carte bancaire, vous pouvez maintenant choisir un portefeuille lors du paiement. Vous validez le paiement sur la page du portefeuille et revenez directement à votre commande.',
          'Vos données de carte ne transitent jamais par notre boutique : les paiements sont traités sur les pages sécurisées du prestataire.',
          'Consultez le guide du paiement par portefeuille pour un pas-à-pas détaillé.',
        ),
      },
      pt: {
        title: 'Chegaram os pagamentos por carteira digital',
        summary: 'Pague com sua carteira online em dois toques, sem digitar dados do cartão.',
        content: html(
          'Além do cartão, agora você pode escolher uma carteira digital no checkout. Você aprova o pagamento na página da carteira e volta direto para o seu pedido.',
          'Os dados do seu cartão nunca passam pela nossa loja: os pagamentos são processados nas páginas seguras do provedor.',
          'Veja o guia de pagamento por carteira para um passo a passo completo.',
        ),
      },
      es: {
        title: 'Llegan los pagos con monedero digital',
        summary: 'Paga con tu monedero en línea en dos toques, sin escribir los datos de tu tarjeta.',
        content: html(
          'Además de la tarjeta, ahora puedes elegir un monedero al pagar. Apruebas el pago en la página del monedero y vuelves directamente a tu pedido.',
          'Los datos de tu tarjeta nunca pasan por nuestra tienda: los pagos se procesan en las páginas seguras del proveedor.',
          'Consulta la guía de pago con monedero para ver el proceso paso a paso.',
        ),
      },
      de: {
        title: 'Zahlung per Wallet ist da',
        summary: 'Bezahle mit deiner Online-Wallet in zwei Schritten, ohne Kartendaten einzutippen.',
        content: html(
          'Neben der Kartenzahlung kannst du an der Kasse jetzt auch eine Wallet wählen. Du bestätigst die Zahlung auf der Wallet-Seite und kommst direkt zu deiner Bestellung zurück.',
          'Deine Kartendaten laufen nie über unseren Shop: Zahlungen werden auf den gesicherten Seiten des Anbieters abgewickelt.',
          'Eine Schritt-für-Schritt-Anleitung findest du im Leitfaden zur Wallet-Zahlung.',
        ),
      },
      ru: {
        title: 'Появилась оплата электронным кошельком',
        summary: 'Оплачивайте онлайн-кошельком в два касания, не вводя данные карты.',
        content: html(
          'Помимо банковской карты, при оформлении заказа теперь можно выбрать электронный кошелёк. Вы подтверждаете платёж на странице кошелька и сразу возвращаетесь к заказу.',
          'Данные вашей карты никогда не проходят через наш магазин: платежи обрабатываются на защищённых страницах провайдера.',
          'Пошаговую инструкцию смотрите в руководстве по оплате кошельком.',
        ),
      },
    },
  },
  {
    path: 'bonus-week-large-packs',
    kind: 'news',
    cover: '/images/games/dragon-tide-saga.svg',
    publishedAt: '2026-08-20T08:00:00Z',
    t: {
      en: {
        title: 'Bonus week: more value on large packs',
        summary: 'Use the coupon page to find this week’s deals on the biggest denominations.',
        content: html(
          'All week long, selected large packs come with a discount when you apply a coupon at checkout. The offer covers mobile, PC and console games.',
          'Coupons have a minimum spend in each currency and some can be used only once per account, so check the conditions on the coupon page.',
        ),
      },
      fr: {
        title: 'Semaine bonus : plus d’avantages sur les gros packs',
        summary:
          'Rendez-vous sur la page des coupons pour découvrir les offres de la semaine sur les plus grosses recharges.',
        content: html(
          'Toute la semaine, une sélection de gros packs bénéficie d’une réduction lorsque vous appliquez un coupon au paiement. L’offre concerne les jeux mobiles, PC et console.',
          'Les coupons ont un montant minimum d’achat dans chaque devise et certains ne s’utilisent qu’une fois par compte : vérifiez les conditions sur la page des coupons.',
        ),
      },
      pt: {
        title: 'Semana bônus: mais vantagens nos pacotes grandes',
        summary: 'Use a página de cupons para ver as ofertas da semana nos maiores pacotes.',
        content: html(
          'Durante toda a semana, pacotes grandes selecionados têm desconto quando você aplica um cupom no checkout. A oferta vale para jogos de celular, PC e console.',
          'Os cupons têm valor mínimo de compra em cada moeda e alguns só podem ser usados uma vez por conta; confira as condições na página de cupons.',
        ),
      },
      es: {
        title: 'Semana de bonificación: más valor en los packs grandes',
        summary: 'Visita la página de cupones para ver las ofertas de la semana en los packs más grandes.',
        content: html(
          'Durante toda la semana, una selección de packs grandes tiene descuento si aplicas un cupón al pagar. La oferta incluye juegos de móvil, PC y consola.',
          'Los cupones tienen un gasto mínimo en cada moneda y algunos solo pueden usarse una vez por cuenta, así que revisa las condiciones en la página de cupones.',
        ),
      },
      de: {
        title: 'Bonuswoche: mehr für große Pakete',
        summary: 'Auf der Gutscheinseite findest du die Angebote der Woche für die größten Pakete.',
        content: html(
          'Die ganze Woche über sind ausgewählte große Pakete günstiger, wenn du an der Kasse einen Gutschein einlöst. Das Angebot gilt für Handy-, PC- und Konsolenspiele.',
          'Gutscheine haben in jeder Währung einen Mindestbestellwert, und manche gelten nur einmal pro Konto – sieh dir die Bedingungen auf der Gutscheinseite an.',
        ),
      },
      ru: {
        title: 'Бонусная неделя: выгоднее на больших пакетах',
        summary: 'Загляните на страницу купонов, чтобы увидеть предложения недели на самые крупные пакеты.',
        content: html(
          'Всю неделю на избранные крупные пакеты действует скидка при применении купона во время оплаты. Акция распространяется на мобильные, ПК- и консольные игры.',
          'У купонов есть минимальная сумма заказа в каждой валюте, а некоторые можно использовать только один раз на аккаунт, — проверьте условия на странице купонов.',
        ),
      },
    },
  },
  {
    path: 'keep-your-game-accounts-safe',
    kind: 'news',
    cover: '/images/games/void-hunters.svg',
    publishedAt: '2026-09-05T12:00:00Z',
    t: {
      en: {
        title: 'Five habits that keep your game accounts safe',
        summary: 'Simple steps against phishing and account theft.',
        content: html(
          'Never share your password or one-time codes, not even with someone claiming to be support: we will never ask for them.',
          'Use a different password for every game, turn on two-factor authentication where the game offers it, and buy currency only from stores you trust.',
          'Double-check your player ID before paying. A top-up sent to the wrong account cannot always be recovered.',
        ),
      },
      fr: {
        title: 'Cinq habitudes pour protéger vos comptes de jeu',
        summary: 'Des gestes simples contre l’hameçonnage et le vol de compte.',
        content: html(
          'Ne communiquez jamais votre mot de passe ni vos codes à usage unique, même à quelqu’un qui prétend faire partie du support : nous ne vous les demanderons jamais.',
          'Utilisez un mot de passe différent pour chaque jeu, activez la double authentification quand le jeu la propose et n’achetez de la monnaie que dans des boutiques de confiance.',
          'Vérifiez votre identifiant de joueur avant de payer. Une recharge envoyée au mauvais compte ne peut pas toujours être récupérée.',
        ),
      },
      pt: {
        title: 'Cinco hábitos para manter suas contas de jogo seguras',
        summary: 'Passos simples contra phishing e roubo de contas.',
        content: html(
          'Nunca compartilhe sua senha ou códigos de uso único, nem com alguém que diga ser do suporte: nós nunca vamos pedi-los.',
          'Use uma senha diferente para cada jogo, ative a autenticação em dois fatores quando o jogo oferecer e compre moedas apenas em lojas confiáveis.',
          'Confira seu ID de jogador antes de pagar. Uma recarga enviada para a conta errada nem sempre pode ser recuperada.',
        ),
      },
      es: {
        title: 'Cinco hábitos para mantener seguras tus cuentas de juego',
        summary: 'Pasos sencillos contra el phishing y el robo de cuentas.',
        content: html(
          'Nunca compartas tu contraseña ni tus códigos de un solo uso, ni siquiera con alguien que diga ser del soporte: nunca te los pediremos.',
          'Usa una contraseña distinta para cada juego, activa la verificación en dos pasos cuando el juego la ofrezca y compra moneda solo en tiendas de confianza.',
          'Revisa tu ID de jugador antes de pagar. Una recarga enviada a la cuenta equivocada no siempre se puede recuperar.',
        ),
      },
      de: {
        title: 'Fünf Gewohnheiten, die deine Spielkonten schützen',
        summary: 'Einfache Schritte gegen Phishing und Kontodiebstahl.',
        content: html(
          'Gib dein Passwort oder Einmalcodes niemals weiter, auch nicht an jemanden, der sich als Support ausgibt: Wir fragen nie danach.',
          'Nutze für jedes Spiel ein eigenes Passwort, aktiviere die Zwei-Faktor-Anmeldung, wo das Spiel sie anbietet, und kaufe Währung nur in Shops, denen du vertraust.',
          'Prüfe deine Spieler-ID vor dem Bezahlen. Eine Aufladung auf das falsche Konto lässt sich nicht immer zurückholen.',
        ),
      },
      ru: {
        title: 'Пять привычек, которые защитят ваши игровые аккаунты',
        summary: 'Простые шаги против фишинга и кражи аккаунтов.',
        content: html(
          'Никогда не сообщайте пароль и одноразовые коды — даже тому, кто называет себя сотрудником поддержки: мы никогда их не попросим.',
          'Используйте для каждой игры отдельный пароль, включайте двухфакторную аутентификацию, если игра её поддерживает, и покупайте валюту только в проверенных магазинах.',
          'Перед оплатой перепроверьте ID игрока. Пополнение, отправленное не на тот аккаунт, не всегда удаётся вернуть.',
        ),
      },
    },
  },
  {
    path: 'affiliate-programme-launch',
    kind: 'news',
    cover: '/images/banners/4.svg',
    publishedAt: '2026-10-01T09:30:00Z',
    t: {
      en: {
        title: 'Become a promoter: our affiliate programme is live',
        summary: 'Share your referral link and earn a commission on every completed order.',
        content: html(
          'Streamers, guild leaders and creators can now join our affiliate programme from the affiliate page. You get a personal promote code and links you can share anywhere.',
          'Each completed order placed through your link earns a commission. Once the refund period has passed, it becomes available to withdraw from your dashboard.',
        ),
      },
      fr: {
        title: 'Devenez promoteur : notre programme d’affiliation est lancé',
        summary: 'Partagez votre lien de parrainage et touchez une commission sur chaque commande finalisée.',
        content: html(
          'Streamers, chefs de guilde et créateurs peuvent désormais rejoindre notre programme d’affiliation depuis la page dédiée. Vous recevez un code promoteur personnel et des liens à partager partout.',
          'Chaque commande finalisée passée via votre lien vous rapporte une commission. Une fois la période de remboursement écoulée, elle peut être retirée depuis votre tableau de bord.',
        ),
      },
      pt: {
        title: 'Seja um promotor: nosso programa de afiliados está no ar',
        summary: 'Compartilhe seu link de indicação e ganhe comissão em cada pedido concluído.',
        content: html(
          'Streamers, líderes de guilda e criadores agora podem entrar no nosso programa de afiliados pela página de afiliados. Você recebe um código de promotor pessoal e links para compartilhar onde quiser.',
          'Cada pedido concluído feito pelo seu link gera uma comissão. Depois do prazo de reembolso, ela fica disponível para saque no seu painel.',
        ),
      },
      es: {
        title: 'Hazte promotor: nuestro programa de afiliados ya está activo',
        summary: 'Comparte tu enlace de referido y gana una comisión por cada pedido completado.',
        content: html(
          'Streamers, líderes de gremio y creadores ya pueden unirse a nuestro programa de afiliados desde la página de afiliados. Recibirás un código de promotor personal y enlaces para compartir en cualquier lugar.',
          'Cada pedido completado realizado a través de tu enlace genera una comisión. Cuando termina el plazo de reembolso, puedes retirarla desde tu panel.',
        ),
      },
      de: {
        title: 'Werde Promoter: Unser Partnerprogramm ist gestartet',
        summary: 'Teile deinen Empfehlungslink und verdiene an jeder abgeschlossenen Bestellung mit.',
        content: html(
          'Streamer, Gildenleiter und Creator können unserem Partnerprogramm jetzt über die Partnerseite beitreten. Du erhältst einen persönlichen Promoter-Code und Links, die du überall teilen kannst.',
          'Für jede abgeschlossene Bestellung über deinen Link erhältst du eine Provision. Nach Ablauf der Erstattungsfrist kannst du sie in deinem Dashboard auszahlen lassen.',
        ),
      },
      ru: {
        title: 'Станьте промоутером: партнёрская программа запущена',
        summary: 'Делитесь реферальной ссылкой и получайте комиссию с каждого выполненного заказа.',
        content: html(
          'Стримеры, лидеры гильдий и авторы контента теперь могут вступить в партнёрскую программу на странице для партнёров. Вы получите личный промокод и ссылки, которыми можно делиться где угодно.',
          'За каждый выполненный заказ по вашей ссылке начисляется комиссия. После окончания периода возврата её можно вывести из личного кабинета.',
        ),
      },
    },
  },
  {
    path: 'faster-top-up-delivery',
    kind: 'news',
    cover: '/images/games/neon-drift-racing.svg',
    publishedAt: '2026-10-28T07:45:00Z',
    t: {
      en: {
        title: 'Faster delivery for top-ups',
        summary: 'Most top-ups now reach your game account within a minute of payment.',
        content: html(
          'We have reworked how orders are sent to game publishers. Most top-ups now arrive within a minute, and you can follow every step on the order details page.',
          'If a delivery fails, for example because the game rejects the account, the order is refunded automatically to your original payment method.',
        ),
      },
      fr: {
        title: 'Des recharges livrées plus vite',
        summary:
          'La plupart des recharges arrivent désormais sur votre compte de jeu moins d’une minute après le paiement.',
        content: html(
          'Nous avons revu la façon dont les commandes sont transmises aux éditeurs. La plupart des recharges arrivent en moins d’une minute, et vous pouvez suivre chaque étape sur la page de détail de la commande.',
          'Si une livraison échoue, par exemple parce que le jeu refuse le compte, la commande est remboursée automatiquement sur votre moyen de paiement d’origine.',
        ),
      },
      pt: {
        title: 'Entrega mais rápida das recargas',
        summary: 'A maioria das recargas agora chega à sua conta de jogo em até um minuto após o pagamento.',
        content: html(
          'Reformulamos a forma como os pedidos são enviados às publicadoras. A maioria das recargas chega em até um minuto, e você pode acompanhar cada etapa na página de detalhes do pedido.',
          'Se uma entrega falhar, por exemplo porque o jogo recusou a conta, o pedido é reembolsado automaticamente no seu meio de pagamento original.',
        ),
      },
      es: {
        title: 'Entregas de recargas más rápidas',
        summary: 'La mayoría de las recargas llegan ahora a tu cuenta de juego en menos de un minuto tras el pago.',
        content: html(
          'Hemos renovado la forma en que enviamos los pedidos a las editoras. La mayoría de las recargas llegan en menos de un minuto y puedes seguir cada paso en la página de detalles del pedido.',
          'Si una entrega falla, por ejemplo porque el juego rechaza la cuenta, el pedido se reembolsa automáticamente a tu método de pago original.',
        ),
      },
      de: {
        title: 'Schnellere Lieferung von Aufladungen',
        summary: 'Die meisten Aufladungen erreichen dein Spielkonto jetzt innerhalb einer Minute nach der Zahlung.',
        content: html(
          'Wir haben überarbeitet, wie Bestellungen an die Spielehersteller gehen. Die meisten Aufladungen kommen jetzt innerhalb einer Minute an, und du kannst jeden Schritt auf der Bestelldetailseite verfolgen.',
          'Schlägt eine Lieferung fehl, etwa weil das Spiel das Konto ablehnt, wird die Bestellung automatisch auf dein ursprüngliches Zahlungsmittel erstattet.',
        ),
      },
      ru: {
        title: 'Пополнения доставляются быстрее',
        summary: 'Большинство пополнений теперь поступают на игровой аккаунт в течение минуты после оплаты.',
        content: html(
          'Мы переработали передачу заказов издателям игр. Большинство пополнений приходят меньше чем за минуту, а каждый шаг можно отследить на странице заказа.',
          'Если доставка не удалась — например, игра отклонила аккаунт, — заказ автоматически возвращается на исходный способ оплаты.',
        ),
      },
    },
  },
  {
    path: 'starfall-legends-season-3',
    kind: 'game',
    game: 'starfall-legends',
    cover: '/images/games/starfall-legends.svg',
    publishedAt: '2026-09-18T15:00:00Z',
    t: {
      en: {
        title: 'Starfall Legends Season 3: The Shattered Moon',
        summary: 'A new moon-base map, two heroes and a reworked ranked ladder.',
        content: html(
          'Season 3 takes the fight to the Shattered Moon, a low-gravity map where jump pads change every match. Two new heroes join the roster: Vesper, a support who bends light, and Korr, a shield-bearing tank.',
          'Ranked play now resets softly, so you keep part of last season’s progress. Season pass owners receive bonus Star Gems at tiers 10, 30 and 50.',
        ),
      },
      fr: {
        title: 'Starfall Legends saison 3 : la Lune brisée',
        summary: 'Une nouvelle carte lunaire, deux héros et un classement repensé.',
        content: html(
          'La saison 3 porte le combat sur la Lune brisée, une carte en faible gravité où les tremplins changent à chaque partie. Deux héros rejoignent l’équipe : Vesper, un soutien qui courbe la lumière, et Korr, un tank armé d’un bouclier.',
          'Le mode classé est désormais réinitialisé en douceur : vous conservez une partie de votre progression. Les détenteurs du passe de saison reçoivent des Star Gems bonus aux paliers 10, 30 et 50.',
        ),
      },
      pt: {
        title: 'Starfall Legends temporada 3: a Lua Partida',
        summary: 'Um novo mapa lunar, dois heróis e um ranqueado reformulado.',
        content: html(
          'A temporada 3 leva a luta para a Lua Partida, um mapa de baixa gravidade em que as plataformas de salto mudam a cada partida. Dois heróis chegam ao elenco: Vesper, um suporte que curva a luz, e Korr, um tanque com escudo.',
          'O ranqueado agora tem reinício suave, então você mantém parte do progresso da temporada passada. Quem tem o passe de temporada ganha Star Gems bônus nos níveis 10, 30 e 50.',
        ),
      },
      es: {
        title: 'Starfall Legends temporada 3: la Luna Rota',
        summary: 'Un nuevo mapa lunar, dos héroes y una clasificación renovada.',
        content: html(
          'La temporada 3 lleva la batalla a la Luna Rota, un mapa de baja gravedad donde las plataformas de salto cambian en cada partida. Se unen dos héroes: Vesper, un apoyo que curva la luz, y Korr, un tanque con escudo.',
          'La clasificatoria ahora se reinicia de forma suave, así que conservas parte del progreso de la temporada anterior. Quienes tengan el pase de temporada reciben Star Gems extra en los niveles 10, 30 y 50.',
        ),
      },
      de: {
        title: 'Starfall Legends Saison 3: Der zerbrochene Mond',
        summary: 'Eine neue Mondkarte, zwei Helden und eine überarbeitete Rangliste.',
        content: html(
          'Saison 3 verlegt den Kampf auf den Zerbrochenen Mond, eine Karte mit geringer Schwerkraft, auf der sich die Sprungfelder in jeder Partie ändern. Zwei neue Helden kommen hinzu: Vesper, eine Unterstützerin, die Licht beugt, und Korr, ein Tank mit Schild.',
          'Die Rangliste wird jetzt nur teilweise zurückgesetzt, sodass du einen Teil deines Fortschritts behältst. Besitzer des Saisonpasses erhalten auf den Stufen 10, 30 und 50 zusätzliche Star Gems.',
        ),
      },
      ru: {
        title: 'Starfall Legends, сезон 3: Расколотая Луна',
        summary: 'Новая лунная карта, два героя и переработанный рейтинг.',
        content: html(
          'Третий сезон переносит битвы на Расколотую Луну — карту с низкой гравитацией, где прыжковые площадки меняются в каждом матче. В ростере два новых героя: Веспер, поддержка, искривляющая свет, и Корр, танк со щитом.',
          'Рейтинг теперь сбрасывается частично, и вы сохраняете часть прогресса прошлого сезона. Владельцы сезонного пропуска получают бонусные Star Gems на уровнях 10, 30 и 50.',
        ),
      },
    },
  },
  {
    path: 'mech-arena-zero-builds-for-new-pilots',
    kind: 'game',
    game: 'mech-arena-zero',
    cover: '/images/games/mech-arena-zero.svg',
    publishedAt: '2026-10-07T11:00:00Z',
    t: {
      en: {
        title: 'Mech Arena Zero: three builds for new pilots',
        summary: 'Forgiving loadouts that win matches while you learn the maps.',
        content: html(
          'The Bulwark build pairs a heavy frame with twin shotguns: slow, but it holds the capture point almost alone. The Skimmer trades armour for speed and a rail gun, ideal for picking off damaged enemies.',
          'If you prefer to help the team, try the Medic walker with a repair beam and smoke launcher. Spend your first Alloy on module slots rather than paint: they change how your mech plays.',
        ),
      },
      fr: {
        title: 'Mech Arena Zero : trois configurations pour les nouveaux pilotes',
        summary: 'Des équipements indulgents pour gagner pendant que vous apprenez les cartes.',
        content: html(
          'La configuration Rempart associe un châssis lourd à deux fusils à pompe : lente, mais capable de tenir un point presque seule. Le Rasant sacrifie l’armure pour la vitesse et un canon électrique, idéal pour achever les ennemis affaiblis.',
          'Si vous préférez aider l’équipe, essayez le marcheur Médic avec un rayon de réparation et un lance-fumigènes. Dépensez votre premier Alloy en emplacements de modules plutôt qu’en peintures : ils changent vraiment la façon de jouer.',
        ),
      },
      pt: {
        title: 'Mech Arena Zero: três builds para pilotos iniciantes',
        summary: 'Configurações tolerantes que vencem partidas enquanto você aprende os mapas.',
        content: html(
          'A build Baluarte combina uma estrutura pesada com duas escopetas: é lenta, mas segura o ponto de captura quase sozinha. A Planadora troca blindagem por velocidade e um canhão elétrico, ideal para finalizar inimigos feridos.',
          'Se prefere ajudar o time, experimente o robô Médico com raio de reparo e lançador de fumaça. Gaste seu primeiro Alloy em espaços de módulo em vez de pinturas: eles mudam o jeito de jogar.',
        ),
      },
      es: {
        title: 'Mech Arena Zero: tres configuraciones para pilotos novatos',
        summary: 'Equipamientos fáciles que ganan partidas mientras aprendes los mapas.',
        content: html(
          'La configuración Baluarte combina un chasis pesado con dos escopetas: es lenta, pero defiende el punto de captura casi sola. La Rasante cambia blindaje por velocidad y un cañón de riel, ideal para rematar enemigos dañados.',
          'Si prefieres ayudar al equipo, prueba el robot Médico con rayo de reparación y lanzahumos. Gasta tu primer Alloy en ranuras de módulos antes que en pinturas: cambian de verdad cómo se juega.',
        ),
      },
      de: {
        title: 'Mech Arena Zero: drei Builds für neue Piloten',
        summary: 'Gutmütige Ausrüstungen, die Matches gewinnen, während du die Karten lernst.',
        content: html(
          'Der Bollwerk-Build kombiniert einen schweren Rahmen mit zwei Schrotflinten: langsam, aber er hält den Eroberungspunkt fast allein. Der Gleiter tauscht Panzerung gegen Tempo und eine Schienenkanone – ideal, um angeschlagene Gegner zu erledigen.',
          'Wenn du lieber dem Team hilfst, probiere den Sani-Läufer mit Reparaturstrahl und Nebelwerfer. Investiere dein erstes Alloy in Modulplätze statt in Lackierungen: Die verändern wirklich, wie sich dein Mech spielt.',
        ),
      },
      ru: {
        title: 'Mech Arena Zero: три сборки для новичков',
        summary: 'Простые конфигурации, которые приносят победы, пока вы изучаете карты.',
        content: html(
          'Сборка «Бастион» сочетает тяжёлый корпус и два дробовика: медленно, зато точку захвата она удерживает почти в одиночку. «Скользящий» меняет броню на скорость и рельсотрон — идеально, чтобы добивать раненых противников.',
          'Если вам ближе роль помощника, попробуйте «Медика» с ремонтным лучом и дымовой установкой. Первый Alloy тратьте на слоты модулей, а не на окраску: именно они меняют стиль игры.',
        ),
      },
    },
  },
  {
    path: 'arcane-rift-online-emberdeep',
    kind: 'game',
    game: 'arcane-rift-online',
    cover: '/images/games/arcane-rift-online.svg',
    publishedAt: '2026-10-22T16:00:00Z',
    t: {
      en: {
        title: 'Arcane Rift Online unveils the Emberdeep expansion',
        summary: 'A volcanic zone, a ten-player raid and a new school of fire magic.',
        content: html(
          'Emberdeep opens a rift beneath the Obsidian Gate, leading to a volcanic underworld with its own factions and daily quests.',
          'At the heart of the expansion waits the Forge of Ashes, a ten-player raid with three difficulty levels. Pyromancers, the new magic school, can shape lava into walls and bridges.',
          'Pre-orders include a fire salamander mount and 1,000 Rift Crystals.',
        ),
      },
      fr: {
        title: 'Arcane Rift Online dévoile l’extension Emberdeep',
        summary: 'Une zone volcanique, un raid à dix joueurs et une nouvelle école de magie du feu.',
        content: html(
          'Emberdeep ouvre une faille sous la Porte d’obsidienne, vers un monde souterrain volcanique doté de ses propres factions et quêtes quotidiennes.',
          'Au cœur de l’extension attend la Forge des cendres, un raid à dix joueurs avec trois niveaux de difficulté. Les pyromanciens, nouvelle école de magie, façonnent la lave en murs et en ponts.',
          'Les précommandes incluent une monture salamandre de feu et 1 000 Rift Crystals.',
        ),
      },
      pt: {
        title: 'Arcane Rift Online revela a expansão Emberdeep',
        summary: 'Uma zona vulcânica, uma raide para dez jogadores e uma nova escola de magia de fogo.',
        content: html(
          'Emberdeep abre uma fenda sob o Portão de Obsidiana, levando a um submundo vulcânico com facções e missões diárias próprias.',
          'No coração da expansão está a Forja das Cinzas, uma raide para dez jogadores com três níveis de dificuldade. Os piromantes, a nova escola de magia, moldam lava em muralhas e pontes.',
          'A pré-venda inclui uma montaria de salamandra de fogo e 1.000 Rift Crystals.',
        ),
      },
      es: {
        title: 'Arcane Rift Online presenta la expansión Emberdeep',
        summary: 'Una zona volcánica, una banda de diez jugadores y una nueva escuela de magia de fuego.',
        content: html(
          'Emberdeep abre una grieta bajo la Puerta de Obsidiana que conduce a un inframundo volcánico con sus propias facciones y misiones diarias.',
          'En el corazón de la expansión aguarda la Forja de Cenizas, una banda para diez jugadores con tres niveles de dificultad. Los piromantes, la nueva escuela de magia, moldean la lava en muros y puentes.',
          'La reserva incluye una montura de salamandra de fuego y 1.000 Rift Crystals.',
        ),
      },
      de: {
        title: 'Arcane Rift Online kündigt die Erweiterung Emberdeep an',
        summary: 'Ein Vulkangebiet, ein Schlachtzug für zehn Spieler und eine neue Feuermagie-Schule.',
        content: html(
          'Emberdeep öffnet einen Riss unter dem Obsidiantor, der in eine vulkanische Unterwelt mit eigenen Fraktionen und täglichen Quests führt.',
          'Im Herzen der Erweiterung wartet die Aschenschmiede, ein Schlachtzug für zehn Spieler mit drei Schwierigkeitsgraden. Pyromanten, die neue Magieschule, formen Lava zu Mauern und Brücken.',
          'Vorbestellungen enthalten ein Feuersalamander-Reittier und 1.000 Rift Crystals.',
        ),
      },
      ru: {
        title: 'Arcane Rift Online представляет дополнение Emberdeep',
        summary: 'Вулканическая зона, рейд на десять игроков и новая школа огненной магии.',
        content: html(
          'Emberdeep открывает разлом под Обсидиановыми вратами — он ведёт в вулканический подземный мир со своими фракциями и ежедневными заданиями.',
          'В сердце дополнения ждёт Кузница пепла — рейд на десять игроков с тремя уровнями сложности. Пироманты, новая школа магии, превращают лаву в стены и мосты.',
          'В предзаказ входят ездовая огненная саламандра и 1000 Rift Crystals.',
        ),
      },
    },
  },
  {
    path: 'shadow-circuit-ranked-season',
    kind: 'game',
    game: 'shadow-circuit',
    cover: '/images/games/shadow-circuit.svg',
    publishedAt: '2026-11-04T18:00:00Z',
    t: {
      en: {
        title: 'Shadow Circuit: what changes in the new ranked season',
        summary: 'Placement matches, a district rotation and rewards for clean runs.',
        content: html(
          'The new season starts with five placement matches instead of ten, and districts now rotate weekly so every map gets its turn in ranked.',
          'Finishing a heist without raising the alarm earns bonus points, which rewards stealth over brute force. Season rewards include an animated coat and Circuit Chips at the top three tiers.',
        ),
      },
      fr: {
        title: 'Shadow Circuit : ce qui change avec la nouvelle saison classée',
        summary: 'Matchs de placement, rotation des quartiers et récompenses pour les parties sans alerte.',
        content: html(
          'La nouvelle saison démarre avec cinq matchs de placement au lieu de dix, et les quartiers tournent désormais chaque semaine pour que chaque carte ait sa place en classé.',
          'Terminer un casse sans déclencher l’alarme rapporte des points bonus, ce qui récompense la discrétion plutôt que la force brute. Les récompenses incluent un manteau animé et des Circuit Chips pour les trois meilleurs paliers.',
        ),
      },
      pt: {
        title: 'Shadow Circuit: o que muda na nova temporada ranqueada',
        summary: 'Partidas de classificação, rotação de distritos e recompensas para missões limpas.',
        content: html(
          'A nova temporada começa com cinco partidas de classificação em vez de dez, e os distritos agora mudam toda semana para que cada mapa tenha sua vez no ranqueado.',
          'Concluir um assalto sem disparar o alarme dá pontos bônus, premiando a furtividade em vez da força bruta. As recompensas incluem um casaco animado e Circuit Chips nos três níveis mais altos.',
        ),
      },
      es: {
        title: 'Shadow Circuit: qué cambia en la nueva temporada clasificatoria',
        summary: 'Partidas de posicionamiento, rotación de distritos y premios por misiones limpias.',
        content: html(
          'La nueva temporada empieza con cinco partidas de posicionamiento en lugar de diez, y los distritos ahora rotan cada semana para que todos los mapas tengan su turno en clasificatoria.',
          'Terminar un golpe sin activar la alarma da puntos extra, lo que premia el sigilo frente a la fuerza bruta. Las recompensas incluyen un abrigo animado y Circuit Chips en los tres niveles superiores.',
        ),
      },
      de: {
        title: 'Shadow Circuit: Das ändert sich in der neuen Ranglisten-Saison',
        summary: 'Platzierungsspiele, wechselnde Bezirke und Belohnungen für saubere Einsätze.',
        content: html(
          'Die neue Saison beginnt mit fünf statt zehn Platzierungsspielen, und die Bezirke wechseln jetzt wöchentlich, damit jede Karte in der Rangliste an die Reihe kommt.',
          'Wer einen Coup ohne Alarm abschließt, erhält Bonuspunkte – Heimlichkeit zahlt sich also mehr aus als rohe Gewalt. Zu den Saisonbelohnungen gehören ein animierter Mantel und Circuit Chips für die drei höchsten Stufen.',
        ),
      },
      ru: {
        title: 'Shadow Circuit: что меняется в новом рейтинговом сезоне',
        summary: 'Калибровочные матчи, ротация районов и награды за чистые миссии.',
        content: html(
          'Новый сезон начинается с пяти калибровочных матчей вместо десяти, а районы теперь меняются каждую неделю, чтобы каждая карта побывала в рейтинге.',
          'За ограбление без поднятой тревоги начисляются бонусные очки — скрытность ценится выше грубой силы. Среди наград сезона — анимированный плащ и Circuit Chips для трёх высших рангов.',
        ),
      },
    },
  },
]
