import { shape } from './shape'

export const ChevronRight = /* @__PURE__ */ shape([['path', { d: 'm9 18 6-6-6-6' }]])
