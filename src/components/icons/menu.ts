import { shape } from './shape'

export const Menu = /* @__PURE__ */ shape([
  ['path', { d: 'M4 5h16' }],
  ['path', { d: 'M4 12h16' }],
  ['path', { d: 'M4 19h16' }],
])
