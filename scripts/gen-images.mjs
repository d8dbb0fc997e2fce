#!/usr/bin/env node
/**
 * Draws the demo cover art: public/images/games/<slug>.svg (600x400) and
 * public/images/banners/<n>.svg (1200x400), from the seed data so names never drift.
 * Run once after changing the demo games: `node scripts/gen-images.mjs` (Node >= 22.18 / 24, whose
 * type stripping imports the .ts data file). The output is committed; nothing runs this at start-up.
 */
import { mkdirSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { SEED_BANNERS, SEED_GAMES } from '../src/app/seed/data/catalog.ts'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const esc = (s) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')

/** Small deterministic PRNG so every run draws the same picture for the same slug. */
function rng(seed) {
  let h = 2166136261
  for (const c of seed) h = Math.imul(h ^ c.charCodeAt(0), 16777619)
  return () => {
    h = Math.imul(h ^ (h >>> 15), 2246822507)
    h = Math.imul(h ^ (h >>> 13), 3266489909)
    return ((h ^= h >>> 16) >>> 0) / 4294967296
  }
}

/** Glowing orbs and a few sparkles behind the scene. */
function decorations(seed, width, height, accent) {
  const rand = rng(seed)
  const orbs = Array.from({ length: 4 }, () => {
    const r = 40 + rand() * height * 0.4
    return `<circle cx="${(rand() * width).toFixed(0)}" cy="${(rand() * height * 0.7).toFixed(0)}" r="${r.toFixed(0)}" fill="${accent}" opacity="${(0.08 + rand() * 0.16).toFixed(2)}"/>`
  })
  const stars = Array.from({ length: 30 }, () => {
    return `<circle cx="${(rand() * width).toFixed(0)}" cy="${(rand() * height * 0.75).toFixed(0)}" r="${(0.6 + rand() * 2).toFixed(1)}" fill="#fff" opacity="${(0.3 + rand() * 0.6).toFixed(2)}"/>`
  })
  return [...orbs, ...stars].join('\n  ')
}

/**
 * The ground each game stands on, in two layers (far, light; near, dark): each game's setting drawn
 * from its seed so no two covers share a skyline.
 */
const LANDSCAPES = {
  mountains: (rand, w, h) => {
    const ridge = (base, peak, n) => {
      let d = `M0 ${h} L0 ${base}`
      for (let i = 1; i <= n; i++) {
        const x = (w / n) * i
        d += ` L${(x - w / n / 2).toFixed(0)} ${(base - peak * (0.4 + rand() * 0.6)).toFixed(0)} L${x.toFixed(0)} ${(base - rand() * peak * 0.3).toFixed(0)}`
      }
      return `${d} L${w} ${h} Z`
    }
    return [ridge(h * 0.78, h * 0.3, 5), ridge(h * 0.9, h * 0.18, 8)]
  },
  city: (rand, w, h) => {
    const skyline = (base, tall, count) => {
      let d = `M0 ${h}`
      let x = 0
      while (x < w) {
        const bw = w / count / (0.6 + rand() * 0.8)
        const top = base - tall * (0.3 + rand() * 0.7)
        d += ` L${x.toFixed(0)} ${top.toFixed(0)} L${(x + bw).toFixed(0)} ${top.toFixed(0)}`
        x += bw
      }
      return `${d} L${w} ${h} Z`
    }
    return [skyline(h * 0.84, h * 0.32, 14), skyline(h * 0.95, h * 0.16, 22)]
  },
  waves: (rand, w, h) => {
    const wave = (base, amp, n) => {
      let d = `M0 ${base}`
      for (let i = 0; i < n; i++) {
        const x0 = (w / n) * i
        d += ` Q${(x0 + w / n / 2).toFixed(0)} ${(base - amp * (0.6 + rand() * 0.8)).toFixed(0)} ${(x0 + w / n).toFixed(0)} ${base}`
      }
      return `${d} L${w} ${h} L0 ${h} Z`
    }
    return [wave(h * 0.8, h * 0.08, 4), wave(h * 0.9, h * 0.06, 6)]
  },
  grid: (_rand, w, h) => {
    const horizon = h * 0.74
    const strokes = []
    for (let i = -8; i <= 8; i++) strokes.push(`M${w / 2} ${horizon} L${(w / 2 + i * w * 0.12).toFixed(0)} ${h}`)
    for (let i = 1; i <= 5; i++) {
      const y = horizon + (h - horizon) * (i / 5) ** 1.8
      strokes.push(`M0 ${y.toFixed(0)} L${w} ${y.toFixed(0)}`)
    }
    return [`M0 ${horizon} L${w} ${horizon} L${w} ${h} L0 ${h} Z`, { stroke: strokes.join(' ') }]
  },
  dunes: (rand, w, h) => {
    const dune = (base, amp) =>
      `M0 ${base} C${(w * 0.25).toFixed(0)} ${(base - amp * (1 + rand())).toFixed(0)} ${(w * 0.55).toFixed(0)} ${(base + amp).toFixed(0)} ${w} ${(base - amp * rand()).toFixed(0)} L${w} ${h} L0 ${h} Z`
    return [dune(h * 0.8, h * 0.08), dune(h * 0.9, h * 0.06)]
  },
  planet: (_rand, w, h) => [
    `M0 ${h} L0 ${h * 0.86} Q${w / 2} ${h * 0.6} ${w} ${h * 0.86} L${w} ${h} Z`,
    `M0 ${h} L0 ${h * 0.94} Q${w / 2} ${h * 0.78} ${w} ${h * 0.94} L${w} ${h} Z`,
  ],
}

function landscape(kind, seed, width, height, accent) {
  const [far, near] = LANDSCAPES[kind](rng(`${seed}-land`), width, height)
  const nearLayer =
    typeof near === 'string'
      ? `<path d="${near}" fill="#000" opacity="0.55"/>`
      : `<path d="${near.stroke}" stroke="${accent}" stroke-width="2" opacity="0.7" fill="none"/>`
  return `<path d="${far}" fill="#000" opacity="0.35"/>\n  ${nearLayer}`
}

/**
 * Each game's emblem, drawn in a 100×100 box: what the game is about at a glance (a star for the
 * space saga, a mech's head, a dragon's eye, a castle, a race car…). `f` fills, `a` is the accent.
 */
const EMBLEMS = {
  star: (f, a) =>
    `<ellipse cx="50" cy="54" rx="48" ry="14" fill="none" stroke="${a}" stroke-width="3" transform="rotate(-18 50 54)"/><polygon points="50,4 61,38 97,38 68,59 79,94 50,73 21,94 32,59 3,38 39,38" fill="${f}"/>`,
  mech: (f, a) =>
    `<rect x="14" y="22" width="72" height="62" rx="12" fill="${f}"/><rect x="22" y="38" width="56" height="16" rx="8" fill="${a}"/><rect x="30" y="66" width="40" height="8" rx="3" fill="${a}" opacity="0.6"/><rect x="24" y="6" width="6" height="18" fill="${f}"/><rect x="70" y="6" width="6" height="18" fill="${f}"/><circle cx="27" cy="6" r="5" fill="${a}"/><circle cx="73" cy="6" r="5" fill="${a}"/><rect x="2" y="40" width="12" height="26" rx="4" fill="${f}"/><rect x="86" y="40" width="12" height="26" rx="4" fill="${f}"/>`,
  eye: (f, a) =>
    `<path d="M2 50 Q50 0 98 50 Q50 100 2 50 Z" fill="${f}"/><circle cx="50" cy="50" r="26" fill="${a}"/><path d="M50 26 Q60 50 50 74 Q40 50 50 26 Z" fill="#000"/><path d="M8 30 L22 38 M92 30 L78 38" stroke="${f}" stroke-width="5" stroke-linecap="round"/>`,
  castle: (f, a) =>
    `<path d="M8 96 V40 H8 V30 H16 V38 H22 V30 H30 V40 H34 V22 H40 V30 H46 V14 L50 6 L54 14 V30 H60 V22 H66 V40 H70 V30 H78 V38 H84 V30 H92 V96 Z" fill="${f}"/><path d="M40 96 V72 Q50 60 60 72 V96 Z" fill="${a}"/><rect x="16" y="52" width="8" height="12" rx="4" fill="${a}"/><rect x="76" y="52" width="8" height="12" rx="4" fill="${a}"/>`,
  car: (f, a) =>
    `<path d="M2 66 L8 52 Q22 46 34 44 L48 30 Q70 28 82 42 L96 48 Q99 58 96 66 Z" fill="${f}"/><path d="M40 44 L50 34 Q64 33 72 43 Z" fill="${a}"/><circle cx="26" cy="68" r="11" fill="#111"/><circle cx="26" cy="68" r="5" fill="${a}"/><circle cx="76" cy="68" r="11" fill="#111"/><circle cx="76" cy="68" r="5" fill="${a}"/><path d="M0 80 H36 M50 84 H100" stroke="${a}" stroke-width="3" stroke-linecap="round"/>`,
  tank: (f, a) =>
    `<rect x="30" y="36" width="34" height="20" rx="6" fill="${f}"/><rect x="60" y="42" width="38" height="7" rx="3" fill="${f}"/><path d="M8 56 H92 L84 70 H16 Z" fill="${f}"/><rect x="10" y="70" width="80" height="18" rx="9" fill="#111"/><g fill="${a}"><circle cx="22" cy="79" r="5"/><circle cx="38" cy="79" r="5"/><circle cx="54" cy="79" r="5"/><circle cx="70" cy="79" r="5"/><circle cx="84" cy="79" r="4"/></g>`,
  crystal: (f, a) =>
    `<polygon points="50,2 80,30 66,98 34,98 20,30" fill="${f}"/><polygon points="50,2 60,30 50,98 40,30" fill="${a}" opacity="0.7"/><path d="M20 30 H80" stroke="${a}" stroke-width="3"/><circle cx="12" cy="14" r="4" fill="${f}"/><circle cx="90" cy="70" r="3" fill="${f}"/>`,
  ringed: (f, a) =>
    `<circle cx="50" cy="50" r="30" fill="${f}"/><path d="M24 40 Q50 50 78 38" stroke="${a}" stroke-width="5" fill="none" opacity="0.6"/><ellipse cx="50" cy="52" rx="49" ry="12" fill="none" stroke="${a}" stroke-width="5" transform="rotate(-14 50 52)"/><path d="M50 0 V14 M50 86 V100 M0 50 H14 M86 50 H100" stroke="${f}" stroke-width="4"/>`,
  shield: (f, a) =>
    `<path d="M10 10 L90 90 M90 10 L10 90" stroke="${f}" stroke-width="8" stroke-linecap="round"/><path d="M50 14 L80 24 V50 Q80 76 50 92 Q20 76 20 50 V24 Z" fill="${f}"/><path d="M50 26 L70 33 V50 Q70 68 50 80 Z" fill="${a}"/>`,
  chip: (f, a) =>
    `<rect x="24" y="24" width="52" height="52" rx="6" fill="${f}"/><rect x="36" y="36" width="28" height="28" rx="3" fill="${a}"/><path d="M34 24 V6 M50 24 V2 M66 24 V6 M34 76 V94 M50 76 V98 M66 76 V94 M24 34 H6 M24 50 H2 M24 66 H6 M76 34 H94 M76 50 H98 M76 66 H94" stroke="${f}" stroke-width="4" stroke-linecap="round"/><g fill="${a}"><circle cx="34" cy="6" r="4"/><circle cx="98" cy="50" r="4"/><circle cx="34" cy="94" r="4"/></g>`,
  bolt: (f, a) =>
    `<circle cx="50" cy="50" r="46" fill="none" stroke="${f}" stroke-width="6" stroke-dasharray="14 8"/><polygon points="58,6 24,56 46,56 38,94 76,40 54,40" fill="${a}" stroke="${f}" stroke-width="4" stroke-linejoin="round"/>`,
  burst: (f, a) =>
    `<polygon points="50,0 60,32 94,18 72,46 100,60 66,64 74,98 50,74 26,98 34,64 0,60 28,46 6,18 40,32" fill="${a}"/><circle cx="50" cy="52" r="20" fill="${f}"/><path d="M40 52 H60 M50 42 V62" stroke="${a}" stroke-width="5" stroke-linecap="round"/>`,
  crown: (f, a) =>
    `<path d="M8 30 L28 54 L50 16 L72 54 L92 30 L84 82 H16 Z" fill="${f}"/><rect x="14" y="82" width="72" height="10" rx="3" fill="${f}"/><g fill="${a}"><circle cx="50" cy="62" r="8"/><circle cx="30" cy="68" r="5"/><circle cx="70" cy="68" r="5"/><circle cx="8" cy="28" r="5"/><circle cx="50" cy="14" r="5"/><circle cx="92" cy="28" r="5"/></g>`,
  cloud: (f, a) =>
    card(
      f,
      a,
      `<path d="M36 66 Q28 66 28 58 Q28 50 37 50 Q39 40 50 40 Q60 40 63 49 Q72 48 72 57 Q72 66 63 66 Z" fill="${a}"/>`,
    ),
  pin: (f, a) =>
    card(
      f,
      a,
      `<path d="M50 72 Q36 56 36 48 Q36 36 50 36 Q64 36 64 48 Q64 56 50 72 Z" fill="${a}"/><circle cx="50" cy="48" r="5" fill="${f}"/>`,
    ),
  pixel: (f, a) =>
    card(
      f,
      a,
      `<g fill="${a}"><rect x="36" y="42" width="8" height="8"/><rect x="56" y="42" width="8" height="8"/><rect x="30" y="50" width="40" height="8"/><rect x="36" y="58" width="28" height="8"/><rect x="44" y="66" width="12" height="6"/></g>`,
    ),
}

/** A gift card: rounded card with a chip, the brand's symbol in the middle. */
function card(f, a, symbol) {
  return `<rect x="2" y="18" width="96" height="64" rx="8" fill="${f}" transform="rotate(-6 50 50)"/><g transform="rotate(-6 50 50)"><rect x="10" y="28" width="14" height="10" rx="2" fill="${a}" opacity="0.7"/>${symbol}<rect x="10" y="72" width="34" height="4" rx="2" fill="${a}" opacity="0.5"/></g>`
}

/** Art direction per game: its emblem and its setting. */
const SCENES = {
  'starfall-legends': ['star', 'mountains'],
  'mech-arena-zero': ['mech', 'city'],
  'dragon-tide-saga': ['eye', 'waves'],
  'pocket-kingdoms': ['castle', 'mountains'],
  'neon-drift-racing': ['car', 'grid'],
  'ironclad-frontier': ['tank', 'dunes'],
  'arcane-rift-online': ['crystal', 'mountains'],
  'void-hunters': ['ringed', 'planet'],
  'skyforge-tactics': ['shield', 'mountains'],
  'shadow-circuit': ['chip', 'city'],
  'tempest-rally': ['bolt', 'dunes'],
  'galactic-brawl-arena': ['burst', 'planet'],
  'hollow-crown-chronicles': ['crown', 'mountains'],
  'nimbus-play-card': ['cloud', 'waves'],
  'questline-wallet-card': ['pin', 'dunes'],
  'pixelforge-credit': ['pixel', 'grid'],
}

/** Wraps a title onto at most two lines of roughly `max` characters. */
function lines(title, max) {
  if (title.length <= max) return [title]
  const words = title.split(' ')
  let first = ''
  while (words.length && (first + ' ' + words[0]).trim().length <= max) first = (first + ' ' + words.shift()).trim()
  return [first, words.join(' ')]
}

/**
 * A drop shadow drawn as shapes, not as an SVG filter: `dark` (the same shapes in black) 4 px
 * lower at 40 % opacity, under the original (ADR 080). A filter (feDropShadow) is rasterised
 * separately and held back the page's first paint by about a second in software rendering
 * (headless Chromium; low-end phones pay the same raster cost), for an image that is the LCP.
 */
const dropShadow = (dark) => `<g transform="translate(0 4)" opacity="0.4">${dark}</g>`

/** Language-neutral symbols for banners without a game name, drawn in `c`. */
const ICON_SHAPES = {
  percent: (cx, cy, c) => `<g fill="none" stroke="${c}" stroke-width="22" stroke-linecap="round">
    <circle cx="${cx - 60}" cy="${cy - 60}" r="34"/><circle cx="${cx + 60}" cy="${cy + 60}" r="34"/><line x1="${cx + 80}" y1="${cy - 100}" x2="${cx - 80}" y2="${cy + 100}"/></g>`,
  share: (cx, cy, c) => `<g stroke="${c}" stroke-width="14" fill="${c}">
    <line x1="${cx - 80}" y1="${cy}" x2="${cx + 70}" y2="${cy - 75}"/><line x1="${cx - 80}" y1="${cy}" x2="${cx + 70}" y2="${cy + 75}"/>
    <circle cx="${cx - 80}" cy="${cy}" r="40"/><circle cx="${cx + 70}" cy="${cy - 75}" r="40"/><circle cx="${cx + 70}" cy="${cy + 75}" r="40"/></g>`,
}
const icon = (name, cx, cy) => dropShadow(ICON_SHAPES[name](cx, cy, '#000')) + ICON_SHAPES[name](cx, cy, '#fff')

/** The game's name as a logo: heavy type with an accent outline, on a dark plate. */
function titleBlock(rows, size, x, y, anchor, accent) {
  const lineHeight = size * 1.1
  const text = (row, i, fill, stroke) =>
    `<text x="${x}" y="${(y + i * lineHeight).toFixed(0)}" text-anchor="${anchor}" font-family="system-ui, 'Segoe UI', Roboto, sans-serif" font-size="${size}" font-weight="900" letter-spacing="1" fill="${fill}" stroke="${stroke}" stroke-width="${(size / 14).toFixed(1)}" paint-order="stroke">${esc(row.toUpperCase())}</text>`
  return rows.map((row, i) => dropShadow(text(row, i, '#000', '#000')) + text(row, i, '#fff', accent)).join('\n  ')
}

function svg({ width, height, from, to, seed, title, size, label, icon: iconName, scene }) {
  const wide = width > 800
  const rows = title ? lines(title, wide ? 22 : 16) : []
  const [emblem, ground] = scene ?? [undefined, 'mountains']
  // Covers: emblem above the centre, name below it. Banners: name on the left, emblem on the right.
  const emblemSize = wide ? height * 0.62 : height * 0.44
  const emblemX = wide ? width * 0.74 : width / 2
  const emblemY = wide ? height * 0.44 : rows.length > 1 ? height * 0.3 : height * 0.36
  const textX = wide ? width * 0.06 : width / 2
  const textY = wide
    ? height / 2 - ((rows.length - 1) * size * 1.1) / 2 + size * 0.35
    : emblemY + emblemSize / 2 + size * 1.05
  const place = (shapes) =>
    `<g transform="translate(${(emblemX - emblemSize / 2).toFixed(0)} ${(emblemY - emblemSize / 2).toFixed(0)}) scale(${(emblemSize / 100).toFixed(3)})">${shapes}</g>`
  const art = emblem
    ? dropShadow(place(EMBLEMS[emblem]('#000', '#000'))) + place(EMBLEMS[emblem]('url(#metal)', to))
    : ''
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" role="img" aria-label="${esc(label)}">
  <defs>
    <linearGradient id="bg" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="${from}"/>
      <stop offset="1" stop-color="${to}"/>
    </linearGradient>
    <linearGradient id="metal" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="#ffffff"/>
      <stop offset="1" stop-color="#cbd5e1"/>
    </linearGradient>
    <radialGradient id="glow" cx="0.5" cy="0.5" r="0.6">
      <stop offset="0" stop-color="#fff" stop-opacity="0.3"/>
      <stop offset="1" stop-color="#fff" stop-opacity="0"/>
    </radialGradient>
  </defs>
  <rect width="${width}" height="${height}" fill="url(#bg)"/>
  ${decorations(seed, width, height, to)}
  <ellipse cx="${emblemX}" cy="${emblemY}" rx="${(emblemSize * 0.9).toFixed(0)}" ry="${(emblemSize * 0.8).toFixed(0)}" fill="url(#glow)"/>
  ${landscape(ground, seed, width, height, to)}
  ${art}
  ${titleBlock(rows, size, textX, textY, wide ? 'start' : 'middle', from)}${iconName ? icon(iconName, width / 2, height / 2) : ''}
</svg>
`
}

function write(rel, content) {
  const file = path.join(root, 'public', rel)
  mkdirSync(path.dirname(file), { recursive: true })
  writeFileSync(file, content)
  console.log('wrote', path.relative(root, file))
}

for (const g of SEED_GAMES) {
  const [from, to] = g.colors
  write(
    `images/games/${g.slug}.svg`,
    svg({
      width: 600,
      height: 400,
      from,
      to,
      seed: g.slug,
      title: g.name,
      size: 46,
      label: g.name,
      scene: SCENES[g.slug],
    }),
  )
}

// Banners for games carry the (brand) game name; the others stay text-free so they suit every locale.
for (const b of SEED_BANNERS) {
  const [from, to] = b.colors
  const game = 'game' in b ? SEED_GAMES.find((g) => g.slug === b.game) : undefined
  write(
    `images/banners/${b.n}.svg`,
    svg({
      width: 1200,
      height: 400,
      from,
      to,
      seed: `banner-${b.n}`,
      title: game?.name,
      size: 64,
      label: b.title.en,
      scene: game ? SCENES[game.slug] : undefined,
      icon: 'icon' in b ? b.icon : undefined,
    }),
  )
}
