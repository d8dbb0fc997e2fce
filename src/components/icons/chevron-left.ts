import { shape } from './shape'

export const ChevronLeft = /* @__PURE__ */ shape([['path', { d: 'm15 18-6-6 6-6' }]])
