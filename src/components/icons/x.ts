import { shape } from './shape'

export const X = /* @__PURE__ */ shape([
  ['path', { d: 'M18 6 6 18' }],
  ['path', { d: 'm6 6 12 12' }],
])
