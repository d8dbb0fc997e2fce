import { shape } from './shape'

export const Plus = /* @__PURE__ */ shape([
  ['path', { d: 'M5 12h14' }],
  ['path', { d: 'M12 5v14' }],
])
