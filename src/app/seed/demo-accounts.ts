/**
 * Demo sign-in credentials created by the seed. Printed at start-up and listed in the README;
 * they only exist when demo data is seeded (SEED_DEMO), never in a production database.
 */
export const DEMO_ACCOUNTS = {
  shopper: { email: 'shopper@example.com', password: 'Shopper123!', username: 'Demo Shopper' },
  promoter: {
    email: 'promoter@example.com',
    password: 'Promoter123!',
    username: 'Demo Promoter',
    promoteCode: 'DEMOPRO',
  },
  operator: {
    email: 'operator@example.com',
    password: 'Operator123!',
    username: 'Demo Operator',
    /** The demo admin's authenticator secret (ADR 111): add it to an authenticator app by hand. */
    totpSecret: 'DEMOOPERATORSTAFFTOTPSECRET23456',
  },
} as const
