import { shape } from './shape'

export const ChevronDown = /* @__PURE__ */ shape([['path', { d: 'm6 9 6 6 6-6' }]])
