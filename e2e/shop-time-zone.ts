/**
 * The time zone the end-to-end server's shop keeps (SHOP_TIME_ZONE): the sample shop's, Colorado
 * Springs. Not UTC, so a page that dated anything by UTC would fail for orders made in the evening.
 */
export const SHOP_TIME_ZONE = 'America/Denver';
