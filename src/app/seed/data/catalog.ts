/**
 * Demo catalog: invented games (no real trademarks), categories and hand-set price points.
 * Plain data with type-only imports, so scripts/gen-images.mjs can import it with Node's type
 * stripping to draw one cover per game.
 */
import type { PlayerField, ProductKind } from '~/modules/catalog/catalog.schemas'

type Localized = { en: string; fr: string; pt: string; es: string; de: string; ru: string }

/**
 * Price points in minor units, keyed by the USD price. Set by hand like app-store tiers (rounded
 * local prices), never converted at run time.
 */
export const PRICE_TIERS = {
  99: { USD: 99, EUR: 99, BRL: 549, RUB: 8900 },
  199: { USD: 199, EUR: 199, BRL: 1090, RUB: 17900 },
  299: { USD: 299, EUR: 299, BRL: 1590, RUB: 26900 },
  499: { USD: 499, EUR: 499, BRL: 2690, RUB: 44900 },
  549: { USD: 549, EUR: 519, BRL: 2990, RUB: 49900 },
  999: { USD: 999, EUR: 999, BRL: 5390, RUB: 89900 },
  1049: { USD: 1049, EUR: 989, BRL: 5690, RUB: 94900 },
  1499: { USD: 1499, EUR: 1499, BRL: 7990, RUB: 134900 },
  1999: { USD: 1999, EUR: 1999, BRL: 10790, RUB: 179900 },
  2599: { USD: 2599, EUR: 2449, BRL: 13990, RUB: 234900 },
  2999: { USD: 2999, EUR: 2999, BRL: 15990, RUB: 269900 },
  4999: { USD: 4999, EUR: 4999, BRL: 26990, RUB: 449900 },
  5149: { USD: 5149, EUR: 4849, BRL: 27790, RUB: 464900 },
  9999: { USD: 9999, EUR: 9999, BRL: 53990, RUB: 899900 },
  10249: { USD: 10249, EUR: 9649, BRL: 55290, RUB: 924900 },
} as const satisfies Record<number, Record<'USD' | 'EUR' | 'BRL' | 'RUB', number>>

export type PriceTier = keyof typeof PRICE_TIERS
export const SEED_CURRENCIES = ['USD', 'EUR', 'BRL', 'RUB'] as const

export interface SeedCategory {
  code: string
  name: Localized
  description: Localized
}

export const SEED_CATEGORIES: SeedCategory[] = [
  {
    code: 'mobile-games',
    name: {
      en: 'Mobile Games',
      fr: 'Jeux mobiles',
      pt: 'Jogos para celular',
      es: 'Juegos móviles',
      de: 'Handyspiele',
      ru: 'Мобильные игры',
    },
    description: {
      en: 'Top up your favourite phone and tablet games in seconds.',
      fr: 'Rechargez vos jeux préférés sur téléphone et tablette en quelques secondes.',
      pt: 'Recarregue seus jogos favoritos de celular e tablet em segundos.',
      es: 'Recarga tus juegos favoritos de móvil y tableta en segundos.',
      de: 'Lade deine Lieblingsspiele für Handy und Tablet in Sekunden auf.',
      ru: 'Пополняйте любимые игры на телефоне и планшете за считаные секунды.',
    },
  },
  {
    code: 'pc-games',
    name: { en: 'PC Games', fr: 'Jeux PC', pt: 'Jogos de PC', es: 'Juegos de PC', de: 'PC-Spiele', ru: 'Игры для ПК' },
    description: {
      en: 'Currency and top-ups for online worlds on your computer.',
      fr: 'Monnaie et recharges pour les mondes en ligne sur votre ordinateur.',
      pt: 'Moedas e recargas para mundos online no seu computador.',
      es: 'Moneda y recargas para mundos en línea en tu ordenador.',
      de: 'Währung und Aufladungen für Online-Welten auf deinem Computer.',
      ru: 'Валюта и пополнения для онлайн-миров на вашем компьютере.',
    },
  },
  {
    code: 'console-games',
    name: {
      en: 'Console Games',
      fr: 'Jeux console',
      pt: 'Jogos de console',
      es: 'Juegos de consola',
      de: 'Konsolenspiele',
      ru: 'Консольные игры',
    },
    description: {
      en: 'Codes and credits for the games you play from the couch.',
      fr: 'Codes et crédits pour les jeux auxquels vous jouez depuis le canapé.',
      pt: 'Códigos e créditos para os jogos que você joga no sofá.',
      es: 'Códigos y créditos para los juegos que disfrutas desde el sofá.',
      de: 'Codes und Guthaben für die Spiele, die du vom Sofa aus spielst.',
      ru: 'Коды и кредиты для игр, в которые вы играете, сидя на диване.',
    },
  },
  {
    code: 'gift-cards',
    name: {
      en: 'Gift Cards',
      fr: 'Cartes cadeaux',
      pt: 'Cartões-presente',
      es: 'Tarjetas regalo',
      de: 'Geschenkkarten',
      ru: 'Подарочные карты',
    },
    description: {
      en: 'Store credit delivered as a code by email: the easy gift for any gamer.',
      fr: 'Du crédit boutique livré sous forme de code par e-mail : le cadeau facile pour tout joueur.',
      pt: 'Crédito de loja entregue como código por e-mail: o presente fácil para qualquer gamer.',
      es: 'Saldo de tienda entregado como código por correo: el regalo fácil para cualquier jugador.',
      de: 'Shop-Guthaben als Code per E-Mail: das einfache Geschenk für alle, die gerne spielen.',
      ru: 'Баланс магазина в виде кода на e-mail — простой подарок для любого геймера.',
    },
  },
]

/** SKU names that are not "<quantity> <unit>"; {n} is the quantity in the locale's digits. */
const NIMBUS_CARD: Localized = {
  en: '{n} USD Card',
  fr: 'Carte de {n} USD',
  pt: 'Cartão de {n} USD',
  es: 'Tarjeta de {n} USD',
  de: '{n}-USD-Karte',
  ru: 'Карта на {n} USD',
}
const QUESTLINE_US: Localized = {
  en: '{n} USD (US account)',
  fr: '{n} USD (compte américain)',
  pt: '{n} USD (conta dos EUA)',
  es: '{n} USD (cuenta de EE. UU.)',
  de: '{n} USD (US-Konto)',
  ru: '{n} USD (аккаунт США)',
}
const QUESTLINE_EU: Localized = {
  en: '{n} EUR (EU account)',
  fr: '{n} EUR (compte européen)',
  pt: '{n} EUR (conta da UE)',
  es: '{n} EUR (cuenta de la UE)',
  de: '{n} EUR (EU-Konto)',
  ru: '{n} EUR (аккаунт ЕС)',
}

export interface SeedSku {
  quantity: number
  tier: PriceTier
  region?: string
  /** Codes to stock for 'currency' games; defaults to 20. 0 shows an out-of-stock SKU. */
  codes?: number
  /** Overrides "<quantity> <unit>", e.g. for gift cards ({n}: the quantity). */
  name?: Localized
}

export interface SeedGame {
  slug: string
  name: string
  category: string
  kind: ProductKind
  publisher: string
  hot: boolean
  /**
   * Currency unit in SKU names ("60 Star Gems", "60 Sternjuwelen"); Russian takes the form that
   * follows its numbers (genitive plural: every demo quantity is a "many" number).
   */
  unit: Localized
  /** SKU code prefix. */
  codePrefix: string
  /** What players call the game for short; search finds it by these too. */
  aliases?: string[]
  regions?: string[]
  playerFields: PlayerField[]
  skus: SeedSku[]
  description: Localized
  /** Two cover colours for the generated SVG art. */
  colors: [string, string]
}

/** The player ID field; `example` is what an ID looks like in that game (shown in the help). */
const playerId = (example: string): PlayerField => ({
  key: 'playerId',
  required: true,
  pattern: '^\\d{6,12}$',
  example,
})
const server = (...names: string[]): PlayerField => ({
  key: 'server',
  required: true,
  options: names.map((label) => ({ value: label.toLowerCase().replace(/[^a-z0-9]+/g, '-'), label })),
})

export const SEED_GAMES: SeedGame[] = [
  {
    slug: 'starfall-legends',
    name: 'Starfall Legends',
    category: 'mobile-games',
    kind: 'topup',
    publisher: 'Lumen Forge Studios',
    hot: true,
    unit: {
      en: 'Star Gems',
      fr: 'Gemmes stellaires',
      pt: 'Gemas Estelares',
      es: 'Gemas estelares',
      de: 'Sternjuwelen',
      ru: 'звёздных самоцветов',
    },
    codePrefix: 'SFL',
    aliases: ['sfl'],
    playerFields: [playerId('518204736'), server('Aurora (NA)', 'Borealis (EU)', 'Celestia (Asia)')],
    skus: [
      { quantity: 60, tier: 99 },
      { quantity: 300, tier: 499 },
      { quantity: 980, tier: 1499 },
      { quantity: 1980, tier: 2999 },
      { quantity: 3280, tier: 4999 },
      { quantity: 6480, tier: 9999 },
    ],
    description: {
      en: 'A team-based space fantasy RPG: recruit heroes, chart fallen stars and battle for the crown of the galaxy.',
      fr: 'Un RPG de fantasy spatiale en équipe : recrutez des héros, cartographiez les étoiles déchues et luttez pour la couronne de la galaxie.',
      pt: 'Um RPG de fantasia espacial em equipe: recrute heróis, mapeie estrelas caídas e lute pela coroa da galáxia.',
      es: 'Un RPG de fantasía espacial por equipos: recluta héroes, traza el mapa de estrellas caídas y lucha por la corona de la galaxia.',
      de: 'Ein teambasiertes Weltraum-Fantasy-RPG: Rekrutiere Helden, kartiere gefallene Sterne und kämpfe um die Krone der Galaxis.',
      ru: 'Командная космическая фэнтези-RPG: собирайте героев, исследуйте упавшие звёзды и сражайтесь за корону галактики.',
    },
    colors: ['#1e1b4b', '#7c3aed'],
  },
  {
    slug: 'mech-arena-zero',
    name: 'Mech Arena Zero',
    category: 'mobile-games',
    kind: 'topup',
    publisher: 'Tin Soldier Games',
    hot: true,
    unit: {
      en: 'Alloy',
      fr: 'unités d’alliage',
      pt: 'unidades de liga',
      es: 'unidades de aleación',
      de: 'Legierung',
      ru: 'ед. сплава',
    },
    codePrefix: 'MAZ',
    aliases: ['maz'],
    playerFields: [playerId('70315528')],
    skus: [
      { quantity: 80, tier: 99 },
      { quantity: 400, tier: 499 },
      { quantity: 880, tier: 999 },
      { quantity: 1800, tier: 1999 },
      { quantity: 4800, tier: 4999 },
    ],
    description: {
      en: 'Fast five-on-five mech battles: build your walker, tune its weapons and climb the arena ladder.',
      fr: 'Des combats de mechas rapides en cinq contre cinq : construisez votre marcheur, réglez ses armes et grimpez au classement.',
      pt: 'Batalhas rápidas de mechas cinco contra cinco: monte seu robô, ajuste as armas e suba no ranking da arena.',
      es: 'Batallas rápidas de mechas cinco contra cinco: construye tu robot, ajusta sus armas y escala en la clasificación.',
      de: 'Schnelle Mech-Gefechte fünf gegen fünf: Baue deinen Läufer, stimme seine Waffen ab und steige in der Arena-Rangliste auf.',
      ru: 'Динамичные бои мехов пять на пять: соберите своего робота, настройте оружие и поднимайтесь в рейтинге арены.',
    },
    colors: ['#111827', '#f97316'],
  },
  {
    slug: 'dragon-tide-saga',
    name: 'Dragon Tide Saga',
    category: 'mobile-games',
    kind: 'topup',
    publisher: 'Azure Wyrm Interactive',
    hot: true,
    unit: { en: 'Pearls', fr: 'Perles', pt: 'Pérolas', es: 'Perlas', de: 'Perlen', ru: 'жемчужин' },
    codePrefix: 'DTS',
    playerFields: [playerId('2048113657'), server('S1 Tidecaller', 'S2 Stormreach', 'S3 Coralspire', 'S4 Abyssal')],
    skus: [
      { quantity: 100, tier: 99 },
      { quantity: 500, tier: 499 },
      { quantity: 1000, tier: 999 },
      { quantity: 2500, tier: 1999 },
      { quantity: 5000, tier: 4999 },
      { quantity: 10000, tier: 9999 },
    ],
    description: {
      en: 'Raise sea dragons, build an island fleet and sail the open ocean with your guild.',
      fr: 'Élevez des dragons des mers, bâtissez une flotte insulaire et naviguez en haute mer avec votre guilde.',
      pt: 'Crie dragões marinhos, construa uma frota de ilhas e navegue em mar aberto com sua guilda.',
      es: 'Cría dragones marinos, construye una flota isleña y navega por mar abierto con tu gremio.',
      de: 'Ziehe Seedrachen groß, baue eine Inselflotte auf und segle mit deiner Gilde über den offenen Ozean.',
      ru: 'Выращивайте морских драконов, стройте островной флот и бороздите открытый океан вместе с гильдией.',
    },
    colors: ['#0c4a6e', '#14b8a6'],
  },
  {
    slug: 'pocket-kingdoms',
    name: 'Pocket Kingdoms',
    category: 'mobile-games',
    kind: 'currency',
    publisher: 'Little Crown Co.',
    hot: false,
    unit: { en: 'Crowns', fr: 'Couronnes', pt: 'Coroas', es: 'Coronas', de: 'Kronen', ru: 'крон' },
    codePrefix: 'PKG',
    playerFields: [],
    skus: [
      { quantity: 250, tier: 199 },
      { quantity: 750, tier: 499 },
      { quantity: 1500, tier: 999 },
      { quantity: 4000, tier: 2999 },
    ],
    description: {
      en: 'A cosy kingdom builder: plant farms, trade with neighbours and grow a tiny realm into a legend.',
      fr: 'Un jeu de construction de royaume paisible : cultivez, commercez avec vos voisins et faites d’un petit royaume une légende.',
      pt: 'Um construtor de reinos aconchegante: plante fazendas, negocie com vizinhos e transforme um pequeno reino em lenda.',
      es: 'Un acogedor constructor de reinos: cultiva granjas, comercia con tus vecinos y convierte un pequeño reino en leyenda.',
      de: 'Ein gemütlicher Königreich-Aufbau: Lege Felder an, handle mit Nachbarn und mache ein winziges Reich zur Legende.',
      ru: 'Уютный симулятор королевства: разбивайте поля, торгуйте с соседями и превратите крошечное царство в легенду.',
    },
    colors: ['#365314', '#facc15'],
  },
  {
    slug: 'neon-drift-racing',
    name: 'Neon Drift Racing',
    category: 'mobile-games',
    kind: 'topup',
    publisher: 'Velocity Nine',
    hot: false,
    unit: {
      en: 'Nitro Coins',
      fr: 'pièces Nitro',
      pt: 'moedas Nitro',
      es: 'monedas Nitro',
      de: 'Nitro-Münzen',
      ru: 'нитро-монет',
    },
    codePrefix: 'NDR',
    playerFields: [playerId('31857302')],
    skus: [
      { quantity: 120, tier: 99 },
      { quantity: 650, tier: 499 },
      { quantity: 1400, tier: 999 },
      { quantity: 3000, tier: 1999 },
      { quantity: 7500, tier: 4999 },
    ],
    description: {
      en: 'Street racing under city lights: tune your car, master the drift and beat rivals in live events.',
      fr: 'Des courses de rue sous les néons : réglez votre voiture, maîtrisez le drift et battez vos rivaux en direct.',
      pt: 'Corridas de rua sob as luzes da cidade: ajuste seu carro, domine o drift e vença rivais em eventos ao vivo.',
      es: 'Carreras callejeras bajo las luces de la ciudad: ajusta tu coche, domina el derrape y vence a tus rivales en eventos en vivo.',
      de: 'Straßenrennen im Neonlicht: Tune dein Auto, meistere den Drift und schlage Rivalen in Live-Events.',
      ru: 'Уличные гонки в огнях ночного города: настройте машину, освойте дрифт и обгоняйте соперников в живых событиях.',
    },
    colors: ['#2e1065', '#ec4899'],
  },
  {
    slug: 'ironclad-frontier',
    name: 'Ironclad Frontier',
    category: 'pc-games',
    kind: 'topup',
    publisher: 'Steelbound Works',
    hot: true,
    unit: {
      en: 'Iron Marks',
      fr: 'marques de fer',
      pt: 'marcos de ferro',
      es: 'marcos de hierro',
      de: 'Eisenmark',
      ru: 'железных марок',
    },
    codePrefix: 'ICF',
    regions: ['NA', 'EU', 'ASIA'],
    playerFields: [playerId('6621047185'), server('NA East', 'EU West', 'Asia Pacific')],
    skus: [
      { quantity: 500, tier: 499 },
      { quantity: 1100, tier: 999 },
      { quantity: 2400, tier: 1999 },
      { quantity: 5000, tier: 4999 },
      { quantity: 10500, tier: 9999 },
    ],
    description: {
      en: 'A steampunk strategy MMO: claim the frontier, forge armoured trains and hold the line with your alliance.',
      fr: 'Un MMO de stratégie steampunk : conquérez la frontière, forgez des trains blindés et tenez la ligne avec votre alliance.',
      pt: 'Um MMO de estratégia steampunk: conquiste a fronteira, forje trens blindados e segure a linha com sua aliança.',
      es: 'Un MMO de estrategia steampunk: conquista la frontera, forja trenes blindados y resiste junto a tu alianza.',
      de: 'Ein Steampunk-Strategie-MMO: Erobere die Grenzlande, schmiede Panzerzüge und halte die Front mit deiner Allianz.',
      ru: 'Стратегическая MMO в стиле стимпанк: осваивайте фронтир, куйте бронепоезда и держите оборону вместе с альянсом.',
    },
    colors: ['#292524', '#b45309'],
  },
  {
    slug: 'arcane-rift-online',
    name: 'Arcane Rift Online',
    category: 'pc-games',
    kind: 'topup',
    publisher: 'Moonwell Games',
    hot: true,
    unit: {
      en: 'Rift Crystals',
      fr: 'cristaux de faille',
      pt: 'cristais da Fenda',
      es: 'cristales de la Grieta',
      de: 'Riftkristalle',
      ru: 'кристаллов Разлома',
    },
    codePrefix: 'ARO',
    playerFields: [playerId('184529063'), server('Silverleaf', 'Obsidian Gate', 'Moonfall')],
    skus: [
      { quantity: 100, tier: 99 },
      { quantity: 550, tier: 499 },
      { quantity: 1200, tier: 999 },
      { quantity: 2600, tier: 1999 },
      { quantity: 5500, tier: 4999 },
      { quantity: 12000, tier: 9999 },
      { quantity: 330, tier: 299 },
    ],
    description: {
      en: 'A classic fantasy MMORPG: explore rifts between worlds, raid ancient dungeons and master six schools of magic.',
      fr: 'Un MMORPG de fantasy classique : explorez les failles entre les mondes, pillez d’antiques donjons et maîtrisez six écoles de magie.',
      pt: 'Um MMORPG de fantasia clássico: explore fendas entre mundos, invada masmorras antigas e domine seis escolas de magia.',
      es: 'Un MMORPG de fantasía clásico: explora grietas entre mundos, asalta mazmorras antiguas y domina seis escuelas de magia.',
      de: 'Ein klassisches Fantasy-MMORPG: Erkunde Risse zwischen den Welten, bezwinge uralte Dungeons und meistere sechs Magieschulen.',
      ru: 'Классическая фэнтезийная MMORPG: исследуйте разломы между мирами, проходите древние подземелья и освойте шесть школ магии.',
    },
    colors: ['#172554', '#a855f7'],
  },
  {
    slug: 'void-hunters',
    name: 'Void Hunters',
    category: 'pc-games',
    kind: 'currency',
    publisher: 'Event Horizon Labs',
    hot: false,
    unit: {
      en: 'Void Credits',
      fr: 'crédits du Vide',
      pt: 'créditos do Vazio',
      es: 'créditos del Vacío',
      de: 'Leere-Credits',
      ru: 'кредитов Пустоты',
    },
    codePrefix: 'VHT',
    playerFields: [],
    skus: [
      { quantity: 500, tier: 499 },
      { quantity: 1000, tier: 999 },
      { quantity: 2800, tier: 2999 },
      { quantity: 5000, tier: 4999 },
      // Deliberately unstocked: the offer page shows an out-of-stock denomination.
      { quantity: 13500, tier: 9999, codes: 0 },
    ],
    description: {
      en: 'A co-op sci-fi shooter: hunt creatures from the void, loot alien tech and upgrade your squad’s ship.',
      fr: 'Un jeu de tir SF en coopération : chassez les créatures du néant, récupérez de la technologie extraterrestre et améliorez votre vaisseau.',
      pt: 'Um jogo de tiro cooperativo de ficção científica: cace criaturas do vazio, colete tecnologia alienígena e melhore a nave do esquadrão.',
      es: 'Un shooter cooperativo de ciencia ficción: caza criaturas del vacío, consigue tecnología alienígena y mejora la nave de tu escuadrón.',
      de: 'Ein Koop-Sci-Fi-Shooter: Jage Kreaturen aus der Leere, erbeute Alien-Technik und rüste das Schiff deines Trupps auf.',
      ru: 'Кооперативный научно-фантастический шутер: охотьтесь на существ из пустоты, добывайте инопланетные технологии и улучшайте корабль отряда.',
    },
    colors: ['#020617', '#22d3ee'],
  },
  {
    slug: 'skyforge-tactics',
    name: 'Skyforge Tactics',
    category: 'pc-games',
    kind: 'topup',
    publisher: 'Anvil & Cloud',
    hot: false,
    unit: {
      en: 'Tactic Points',
      fr: 'points tactiques',
      pt: 'pontos táticos',
      es: 'puntos tácticos',
      de: 'Taktikpunkte',
      ru: 'тактических очков',
    },
    codePrefix: 'SKT',
    playerFields: [playerId('50731264')],
    skus: [
      { quantity: 200, tier: 199 },
      { quantity: 600, tier: 499 },
      { quantity: 1300, tier: 999 },
      { quantity: 2800, tier: 1999 },
    ],
    description: {
      en: 'Turn-based battles on floating islands: command airship crews and outthink opponents in ranked duels.',
      fr: 'Des combats au tour par tour sur des îles flottantes : commandez des équipages de dirigeables et déjouez vos adversaires en duel classé.',
      pt: 'Batalhas por turnos em ilhas flutuantes: comande tripulações de dirigíveis e supere oponentes em duelos ranqueados.',
      es: 'Batallas por turnos en islas flotantes: dirige tripulaciones de dirigibles y supera a tus rivales en duelos clasificatorios.',
      de: 'Rundenbasierte Kämpfe auf schwebenden Inseln: Befehlige Luftschiff-Crews und überliste Gegner in Ranglisten-Duellen.',
      ru: 'Пошаговые сражения на парящих островах: командуйте экипажами дирижаблей и переигрывайте соперников в рейтинговых дуэлях.',
    },
    colors: ['#0f172a', '#38bdf8'],
  },
  {
    slug: 'shadow-circuit',
    name: 'Shadow Circuit',
    category: 'console-games',
    kind: 'currency',
    publisher: 'Ghostwire Entertainment',
    hot: true,
    unit: {
      en: 'Circuit Chips',
      fr: 'puces de circuit',
      pt: 'chips de circuito',
      es: 'chips de circuito',
      de: 'Schaltkreis-Chips',
      ru: 'чипов схем',
    },
    codePrefix: 'SHC',
    playerFields: [],
    skus: [
      { quantity: 500, tier: 499 },
      { quantity: 1050, tier: 999 },
      { quantity: 2200, tier: 1999 },
      { quantity: 5750, tier: 4999 },
      { quantity: 12500, tier: 9999 },
    ],
    description: {
      en: 'A cyberpunk stealth action game: slip through neon districts, hack the grid and outrun the corporate hunters.',
      fr: 'Un jeu d’action et d’infiltration cyberpunk : faufilez-vous dans les quartiers néon, piratez le réseau et semez les chasseurs des corporations.',
      pt: 'Um jogo de ação furtiva cyberpunk: atravesse distritos de neon, hackeie a rede e fuja dos caçadores corporativos.',
      es: 'Un juego de acción y sigilo cyberpunk: atraviesa distritos de neón, hackea la red y escapa de los cazadores corporativos.',
      de: 'Ein Cyberpunk-Stealth-Actionspiel: Schleiche durch Neonviertel, hacke das Netz und entkomme den Jägern der Konzerne.',
      ru: 'Киберпанковый стелс-экшен: пробирайтесь по неоновым кварталам, взламывайте сеть и уходите от корпоративных охотников.',
    },
    colors: ['#18181b', '#84cc16'],
  },
  {
    slug: 'tempest-rally',
    name: 'Tempest Rally',
    category: 'console-games',
    kind: 'topup',
    publisher: 'Crosswind Motorsport Games',
    hot: false,
    unit: {
      en: 'Rally Tokens',
      fr: 'jetons de rallye',
      pt: 'fichas de rali',
      es: 'fichas de rally',
      de: 'Rallye-Marken',
      ru: 'жетонов ралли',
    },
    codePrefix: 'TRL',
    playerFields: [playerId('4410387251')],
    skus: [
      { quantity: 150, tier: 199 },
      { quantity: 400, tier: 499 },
      { quantity: 900, tier: 999 },
      { quantity: 2000, tier: 1999 },
      { quantity: 4500, tier: 4999 },
    ],
    description: {
      en: 'Off-road rally through storms and snow: co-drive with friends and set records on changing terrain.',
      fr: 'Du rallye tout-terrain dans la tempête et la neige : pilotez avec vos amis et battez des records sur un terrain changeant.',
      pt: 'Rali off-road entre tempestades e neve: pilote com amigos e bata recordes em terrenos que mudam.',
      es: 'Rally todoterreno entre tormentas y nieve: conduce con amigos y bate récords en terrenos cambiantes.',
      de: 'Offroad-Rallye durch Sturm und Schnee: Fahre mit Freunden und stelle Rekorde auf wechselndem Gelände auf.',
      ru: 'Внедорожное ралли сквозь бури и снег: гоняйте с друзьями и ставьте рекорды на меняющейся трассе.',
    },
    colors: ['#1c1917', '#ef4444'],
  },
  {
    slug: 'galactic-brawl-arena',
    name: 'Galactic Brawl Arena',
    category: 'console-games',
    kind: 'currency',
    publisher: 'Comet Punch Studio',
    hot: true,
    unit: {
      en: 'Brawl Bucks',
      fr: 'billets de baston',
      pt: 'grana de briga',
      es: 'billetes de pelea',
      de: 'Brawl-Taler',
      ru: 'баксов арены',
    },
    codePrefix: 'GBA',
    aliases: ['gba'],
    playerFields: [],
    skus: [
      { quantity: 100, tier: 99 },
      { quantity: 250, tier: 199 },
      { quantity: 600, tier: 499 },
      { quantity: 1300, tier: 999 },
      { quantity: 2800, tier: 1999 },
      { quantity: 6000, tier: 4999 },
    ],
    description: {
      en: 'A party brawler in zero gravity: pick a wacky alien, grab power-ups and knock rivals out of the ring.',
      fr: 'Un jeu de combat festif en apesanteur : choisissez un extraterrestre loufoque, ramassez des bonus et éjectez vos rivaux du ring.',
      pt: 'Um jogo de luta festivo em gravidade zero: escolha um alienígena maluco, pegue power-ups e tire os rivais do ringue.',
      es: 'Un juego de peleas festivo en gravedad cero: elige un alienígena estrafalario, recoge potenciadores y saca a tus rivales del ring.',
      de: 'Ein Party-Prügelspiel in Schwerelosigkeit: Wähle einen schrägen Alien, schnapp dir Power-ups und wirf Rivalen aus dem Ring.',
      ru: 'Весёлый файтинг в невесомости: выберите чудаковатого пришельца, собирайте усиления и выбивайте соперников с ринга.',
    },
    colors: ['#4c0519', '#f59e0b'],
  },
  {
    slug: 'hollow-crown-chronicles',
    name: 'Hollow Crown Chronicles',
    category: 'console-games',
    kind: 'topup',
    publisher: 'Ember Vale',
    hot: false,
    unit: {
      en: 'Crown Shards',
      fr: 'éclats de couronne',
      pt: 'fragmentos da coroa',
      es: 'fragmentos de corona',
      de: 'Kronensplitter',
      ru: 'осколков короны',
    },
    codePrefix: 'HCC',
    aliases: ['hcc'],
    playerFields: [playerId('27730519'), server('Emberfall', 'Frostmere')],
    skus: [
      { quantity: 300, tier: 299 },
      { quantity: 700, tier: 499 },
      { quantity: 1500, tier: 999 },
      { quantity: 3200, tier: 1999 },
    ],
    description: {
      en: 'A dark-fantasy action RPG: reclaim a shattered throne across two realms, alone or with a friend.',
      fr: 'Un RPG d’action dark fantasy : reconquérez un trône brisé à travers deux royaumes, seul ou avec un ami.',
      pt: 'Um RPG de ação de fantasia sombria: reconquiste um trono despedaçado em dois reinos, sozinho ou com um amigo.',
      es: 'Un RPG de acción de fantasía oscura: recupera un trono destrozado a través de dos reinos, en solitario o con un amigo.',
      de: 'Ein Dark-Fantasy-Action-RPG: Erobere einen zerbrochenen Thron in zwei Reichen zurück, allein oder mit Freunden.',
      ru: 'Экшен-RPG в жанре тёмного фэнтези: верните разбитый трон в двух королевствах — в одиночку или с другом.',
    },
    colors: ['#0a0a0a', '#dc2626'],
  },
  {
    slug: 'nimbus-play-card',
    name: 'Nimbus Play Card',
    category: 'gift-cards',
    kind: 'currency',
    publisher: 'Nimbus Network',
    hot: false,
    unit: { en: 'USD', fr: 'USD', pt: 'USD', es: 'USD', de: 'USD', ru: 'USD' },
    codePrefix: 'NPC',
    playerFields: [],
    skus: [
      { quantity: 5, tier: 549, name: NIMBUS_CARD },
      { quantity: 10, tier: 1049, name: NIMBUS_CARD },
      { quantity: 25, tier: 2599, name: NIMBUS_CARD },
      { quantity: 50, tier: 5149, name: NIMBUS_CARD },
      { quantity: 100, tier: 10249, name: NIMBUS_CARD },
    ],
    description: {
      en: 'Wallet credit for the Nimbus game network, redeemable for games, add-ons and subscriptions.',
      fr: 'Du crédit pour le réseau de jeux Nimbus, utilisable pour des jeux, des extensions et des abonnements.',
      pt: 'Crédito para a rede de jogos Nimbus, resgatável em jogos, complementos e assinaturas.',
      es: 'Saldo para la red de juegos Nimbus, canjeable por juegos, complementos y suscripciones.',
      de: 'Guthaben für das Nimbus-Spielenetzwerk, einlösbar für Spiele, Add-ons und Abos.',
      ru: 'Баланс для игровой сети Nimbus: его можно потратить на игры, дополнения и подписки.',
    },
    colors: ['#1e3a8a', '#60a5fa'],
  },
  {
    slug: 'questline-wallet-card',
    name: 'Questline Wallet Card',
    category: 'gift-cards',
    kind: 'currency',
    publisher: 'Questline',
    hot: false,
    unit: { en: 'Wallet', fr: 'Portefeuille', pt: 'Carteira', es: 'Monedero', de: 'Wallet', ru: 'Кошелёк' },
    codePrefix: 'QWC',
    regions: ['US', 'EU'],
    playerFields: [],
    skus: [
      { quantity: 10, tier: 1049, region: 'US', name: QUESTLINE_US },
      { quantity: 25, tier: 2599, region: 'US', name: QUESTLINE_US },
      { quantity: 10, tier: 1049, region: 'EU', name: QUESTLINE_EU },
      { quantity: 25, tier: 2599, region: 'EU', name: QUESTLINE_EU },
      { quantity: 50, tier: 5149, region: 'EU', name: QUESTLINE_EU },
    ],
    description: {
      en: 'Top up a Questline store wallet. Pick the card that matches your account region.',
      fr: 'Rechargez un portefeuille de la boutique Questline. Choisissez la carte correspondant à la région de votre compte.',
      pt: 'Recarregue a carteira da loja Questline. Escolha o cartão que corresponde à região da sua conta.',
      es: 'Recarga el monedero de la tienda Questline. Elige la tarjeta que corresponda a la región de tu cuenta.',
      de: 'Lade eine Questline-Shop-Geldbörse auf. Wähle die Karte, die zur Region deines Kontos passt.',
      ru: 'Пополните кошелёк магазина Questline. Выберите карту, соответствующую региону вашего аккаунта.',
    },
    colors: ['#064e3b', '#34d399'],
  },
  {
    slug: 'pixelforge-credit',
    name: 'Pixelforge Credit',
    category: 'gift-cards',
    kind: 'currency',
    publisher: 'Pixelforge',
    hot: false,
    unit: { en: 'Points', fr: 'points', pt: 'pontos', es: 'puntos', de: 'Punkte', ru: 'баллов' },
    codePrefix: 'PXF',
    playerFields: [],
    skus: [
      { quantity: 1000, tier: 999 },
      { quantity: 2000, tier: 1999 },
      { quantity: 5000, tier: 4999 },
      { quantity: 10000, tier: 9999 },
    ],
    description: {
      en: 'Points for the Pixelforge indie marketplace: spend them on games, soundtracks and creator tools.',
      fr: 'Des points pour la boutique indépendante Pixelforge : dépensez-les en jeux, bandes-son et outils de création.',
      pt: 'Pontos para o mercado indie Pixelforge: use em jogos, trilhas sonoras e ferramentas de criação.',
      es: 'Puntos para el mercado indie Pixelforge: gástalos en juegos, bandas sonoras y herramientas de creación.',
      de: 'Punkte für den Indie-Marktplatz Pixelforge: Gib sie für Spiele, Soundtracks und Creator-Tools aus.',
      ru: 'Баллы для инди-площадки Pixelforge: тратьте их на игры, саундтреки и инструменты для авторов.',
    },
    colors: ['#3b0764', '#f472b6'],
  },
]

/**
 * Home-page banners (scene 1); `image` is /images/banners/<n>.svg. `game` links to its offer.
 * Banner art carries only brand names or a symbol (`icon`), so one image suits every locale; the
 * title (link text and image alt) is seeded once per locale.
 */
export const SEED_BANNERS = [
  {
    n: 1,
    title: {
      en: 'Starfall Legends — Season 3',
      fr: 'Starfall Legends — Saison 3',
      pt: 'Starfall Legends — Temporada 3',
      es: 'Starfall Legends — Temporada 3',
      de: 'Starfall Legends — Saison 3',
      ru: 'Starfall Legends — 3-й сезон',
    },
    game: 'starfall-legends',
    colors: ['#1e1b4b', '#db2777'],
  },
  {
    n: 2,
    title: {
      en: 'Coupons and deals',
      fr: 'Coupons et bons plans',
      pt: 'Cupons e ofertas',
      es: 'Cupones y ofertas',
      de: 'Gutscheine und Angebote',
      ru: 'Купоны и скидки',
    },
    url: '/coupon',
    icon: 'percent',
    colors: ['#7c2d12', '#f59e0b'],
  },
  {
    n: 3,
    title: {
      en: 'Arcane Rift Online — the Emberdeep expansion',
      fr: 'Arcane Rift Online — l’extension Emberdeep',
      pt: 'Arcane Rift Online — a expansão Emberdeep',
      es: 'Arcane Rift Online — la expansión Emberdeep',
      de: 'Arcane Rift Online — die Erweiterung Emberdeep',
      ru: 'Arcane Rift Online — дополнение Emberdeep',
    },
    game: 'arcane-rift-online',
    colors: ['#172554', '#8b5cf6'],
  },
  {
    n: 4,
    title: {
      en: 'Become a promoter',
      fr: 'Devenez promoteur',
      pt: 'Torne-se um promotor',
      es: 'Hazte promotor',
      de: 'Werde Promoter',
      ru: 'Станьте промоутером',
    },
    url: '/affiliate',
    icon: 'share',
    colors: ['#064e3b', '#0ea5e9'],
  },
] as const
