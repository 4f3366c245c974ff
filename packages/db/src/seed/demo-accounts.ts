import { ACCESS, type AccessLevel } from '@barbershop/contract/domain';

/** The OIDC issuer of accounts created by the development sign-in; their subject is the email. */
export const DEMO_ISSUER = 'dev';

export type DemoAccount = { name: string; email: string; accessLevel: AccessLevel; phone?: string };

/** One account per role, seeded for trying the site; listed on the dev sign-in page and in the README. */
export const DEMO_ACCOUNTS: readonly DemoAccount[] = [
  // The customer has a phone on file, as one who called the shop would: staff find them by it.
  { name: 'Casey Customer', email: 'casey@example.com', accessLevel: ACCESS.customer, phone: '7195550199' },
  { name: 'Sam Staff', email: 'sam@example.com', accessLevel: ACCESS.staff },
  { name: 'Alex Admin', email: 'alex@example.com', accessLevel: ACCESS.admin },
];
