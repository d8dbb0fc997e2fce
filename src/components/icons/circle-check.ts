import { shape } from './shape'

export const CheckCircle2 = /* @__PURE__ */ shape([
  ['circle', { cx: '12', cy: '12', r: '10' }],
  ['path', { d: 'm16 9-5.5 5.5L8 12' }],
])
