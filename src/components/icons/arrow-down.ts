import { shape } from './shape'

export const ArrowDown = /* @__PURE__ */ shape([
  ['path', { d: 'M12 5v14' }],
  ['path', { d: 'm19 12-7 7-7-7' }],
])
