/**
 * The floors of the code and which way imports may run (ADR 085), checked by
 * tests/unit/dependency-rules.test.ts inside `npm test`; `node scripts/floors.mjs` prints the
 * figures (floors, imports that run back up, two-way module pairs).
 *
 * Top to bottom: entry points (src/*.ts[x]) and the composition root (src/app) → routes →
 * back-office screens (admin) → domain modules → small shared modules (door, audit, errors, i18n,
 * time) → server infrastructure (src/server). An import may only run down, except where a
 * `pathNot` below names a temporary exception with the helper removing it.
 */
const DOMAIN_USE_CASES = '^src/modules/[^/]+/(.+[.](server|functions)[.]tsx?|.+[.]queries[.]ts|components/.+)$'

module.exports = {
  forbidden: [
    {
      name: 'server-imports-no-use-case',
      comment:
        'src/server is infrastructure: it may implement ports and store enums that modules declare (their client-safe vocabulary), never call a use case, a server function or a screen (ADR 082).',
      severity: 'error',
      from: {
        path: '^src/server/',
        // TEMPORARY (helper "payments", issue 30): the sandbox gateway signs its webhooks with the
        // payments module's secret and signer; the adapter should receive them from src/app.
        pathNot: '^src/server/payments/sandbox/webhook-delivery[.]server[.]ts$',
      },
      to: { path: DOMAIN_USE_CASES },
    },
    {
      name: 'only-entries-import-the-composition-root',
      comment: 'src/app wires everything; only the entry points (src/*.ts) and tests may import it (ADR 082).',
      severity: 'error',
      from: { path: '^src/(server|modules|routes|components)/' },
      to: { path: '^src/app/' },
    },
    {
      name: 'modules-import-no-routes',
      severity: 'error',
      from: { path: '^src/(modules|server|components)/' },
      to: { path: '^src/routes/' },
    },
    {
      name: 'no-domain-imports-admin',
      comment: 'admin holds back-office screens; a domain never imports a screen module (DESIGN floors).',
      severity: 'error',
      from: {
        path: '^src/modules/(?!admin/)[^/]+/',
        // TEMPORARY (helper "domains", issue 32): the promoter schemas move out of admin.
        pathNot: '^src/modules/affiliate/(promoter-admin|flag-review)[.]server[.]ts$',
      },
      to: { path: '^src/modules/admin/' },
    },
    {
      name: 'orders-not-payments',
      comment: 'orders are paid through the payments module, which calls orders, not the other way round.',
      severity: 'error',
      from: { path: '^src/modules/orders/' },
      to: { path: '^src/modules/payments/' },
    },
    {
      name: 'shared-modules-stay-low',
      comment:
        'door, audit, errors, i18n and time are below every domain: they import each other and src/server only (ADR 083, 084).',
      severity: 'error',
      from: {
        path: '^src/modules/(door|audit|errors|i18n|time)/',
        // TEMPORARY (unowned, listed in the issue 32 report): the missing-message report goes
        // through ops' client log, and the refusal texts name coupon labels.
        pathNot: '^src/modules/(i18n/i18n[.]ts|errors/error-text[.]ts)$',
      },
      to: { path: '^src/modules/(?!door/|audit/|errors/|i18n/|time/)' },
    },
    {
      name: 'handlers-go-through-the-door',
      comment:
        'server functions and REST routes ask the door who is calling, never the session or caller lookup themselves (ADR 083).',
      severity: 'error',
      from: { path: '([.]functions[.]ts$|^src/routes/api/)' },
      to: { path: '^src/modules/auth/(caller|session-cookie)[.]server[.]ts$' },
    },
    {
      name: 'only-auth-reads-the-session',
      comment: "The session machinery is auth's; other modules and routes reach the caller through the door (ADR 083).",
      severity: 'error',
      from: { path: '^src/(?!modules/auth/)' },
      to: { path: '^src/modules/auth/session[.]server[.]ts$' },
    },
    {
      name: 'no-circular',
      comment: 'No file cycles, apart from the temporary ones named here.',
      severity: 'error',
      from: {
        // TEMPORARY (helper "orders", issue 32): transition.server.ts ⇄ refunds.server.ts.
        pathNot: '^src/modules/orders/(transition|refunds)[.]server[.]ts$',
      },
      to: {
        circular: true,
        // The drizzle schema files reference each other's tables (foreign keys), and the client
        // hands transactions to after-commit hooks: one unit each, not a layering question.
        // The generated route tree and the router that imports it are one unit too.
        pathNot: '^src/(server/db/(schema/.+|after-commit[.]ts|client[.]ts)|routeTree[.]gen[.]ts|router[.]tsx)$',
      },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(node_modules|dist)' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.d.ts'],
    },
  },
}
