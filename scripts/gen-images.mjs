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
import { SEED_BANNERS, SEED_GAMES } from '../src/server/db/seed-data/catalog.ts'

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

/** Glowing orbs and a few sparkles: reads as "game art" without any real artwork. */
function decorations(seed, width, height, accent) {
  const rand = rng(seed)
  const orbs = Array.from({ length: 5 }, () => {
    const r = 40 + rand() * height * 0.45
    return `<circle cx="${(rand() * width).toFixed(0)}" cy="${(rand() * height).toFixed(0)}" r="${r.toFixed(0)}" fill="${accent}" opacity="${(0.08 + rand() * 0.18).toFixed(2)}"/>`
  })
  const stars = Array.from({ length: 24 }, () => {
    return `<circle cx="${(rand() * width).toFixed(0)}" cy="${(rand() * height).toFixed(0)}" r="${(0.8 + rand() * 2.2).toFixed(1)}" fill="#fff" opacity="${(0.3 + rand() * 0.6).toFixed(2)}"/>`
  })
  return [...orbs, ...stars].join('\n  ')
}

/** Wraps a title onto at most two lines of roughly `max` characters. */
function lines(title, max) {
  if (title.length <= max) return [title]
  const words = title.split(' ')
  let first = ''
  while (words.length && (first + ' ' + words[0]).trim().length <= max) first = (first + ' ' + words.shift()).trim()
  return [first, words.join(' ')]
}

/** Language-neutral symbols for banners without a game name. */
const ICONS = {
  percent: (cx, cy) => `<g fill="none" stroke="#fff" stroke-width="22" stroke-linecap="round" filter="url(#shadow)">
    <circle cx="${cx - 60}" cy="${cy - 60}" r="34"/><circle cx="${cx + 60}" cy="${cy + 60}" r="34"/><line x1="${cx + 80}" y1="${cy - 100}" x2="${cx - 80}" y2="${cy + 100}"/></g>`,
  share: (cx, cy) => `<g stroke="#fff" stroke-width="14" fill="#fff" filter="url(#shadow)">
    <line x1="${cx - 80}" y1="${cy}" x2="${cx + 70}" y2="${cy - 75}"/><line x1="${cx - 80}" y1="${cy}" x2="${cx + 70}" y2="${cy + 75}"/>
    <circle cx="${cx - 80}" cy="${cy}" r="40"/><circle cx="${cx + 70}" cy="${cy - 75}" r="40"/><circle cx="${cx + 70}" cy="${cy + 75}" r="40"/></g>`,
}

function svg({ width, height, from, to, seed, title, size, label, icon }) {
  const rows = title ? lines(title, width > 800 ? 28 : 16) : []
  const lineHeight = size * 1.15
  const top = height / 2 - ((rows.length - 1) * lineHeight) / 2 + size * 0.35
  const text = rows
    .map(
      (row, i) =>
        `<text x="50%" y="${(top + i * lineHeight).toFixed(0)}" text-anchor="middle" font-family="system-ui, 'Segoe UI', Roboto, sans-serif" font-size="${size}" font-weight="800" fill="#fff" filter="url(#shadow)">${esc(row)}</text>`,
    )
    .join('\n  ')
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" role="img" aria-label="${esc(label)}">
  <defs>
    <linearGradient id="bg" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="${from}"/>
      <stop offset="1" stop-color="${to}"/>
    </linearGradient>
    <radialGradient id="glow" cx="0.5" cy="0.5" r="0.6">
      <stop offset="0" stop-color="#fff" stop-opacity="0.25"/>
      <stop offset="1" stop-color="#fff" stop-opacity="0"/>
    </radialGradient>
    <filter id="shadow" x="-10%" y="-30%" width="120%" height="160%">
      <feDropShadow dx="0" dy="3" stdDeviation="4" flood-color="#000" flood-opacity="0.55"/>
    </filter>
  </defs>
  <rect width="${width}" height="${height}" fill="url(#bg)"/>
  ${decorations(seed, width, height, to)}
  <ellipse cx="${width / 2}" cy="${height / 2}" rx="${width * 0.42}" ry="${height * 0.4}" fill="url(#glow)"/>
  <path d="M0 ${height * 0.82} Q ${width * 0.3} ${height * 0.7} ${width * 0.55} ${height * 0.85} T ${width} ${height * 0.78} V ${height} H 0 Z" fill="#000" opacity="0.25"/>
  ${text}${icon ? ICONS[icon](width / 2, height / 2) : ''}
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
    svg({ width: 600, height: 400, from, to, seed: g.slug, title: g.name, size: 52, label: g.name }),
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
      size: 72,
      label: b.title.en,
      icon: 'icon' in b ? b.icon : undefined,
    }),
  )
}
