import { shape } from './shape'

export const ArrowUp = /* @__PURE__ */ shape([
  ['path', { d: 'm5 12 7-7 7 7' }],
  ['path', { d: 'M12 19V5' }],
])
