import { ACCESS } from '@barbershop/contract/domain';

export type AccountLink = { to: string; label: string };

const PROFILE = { to: '/account', label: 'PROFILE' };
const ORDERS = { to: '/account/orders', label: 'ORDERS' };
const DASHBOARD = { to: '/dashboard', label: 'DASHBOARD' };

/**
 * The signed-in menu by role (SPEC.md section 6): customers their account, staff the dashboard,
 * admins both. A level we do not know gets no links: a menu fails closed, like requireRole.
 */
export function accountLinks(accessLevel: number): AccountLink[] {
  if (accessLevel === ACCESS.customer) return [PROFILE, ORDERS];
  if (accessLevel === ACCESS.staff) return [DASHBOARD];
  if (accessLevel === ACCESS.admin) return [PROFILE, ORDERS, DASHBOARD];
  return [];
}
