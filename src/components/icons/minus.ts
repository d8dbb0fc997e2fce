import { shape } from './shape'

export const Minus = /* @__PURE__ */ shape([['path', { d: 'M5 12h14' }]])
