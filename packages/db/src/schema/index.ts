export * from './audit.ts';
export * from './barbers.ts';
export * from './orders.ts';
export * from './outbox.ts';
export * from './products.ts';
export * from './rate-limits.ts';
export * from './shop.ts';
export * from './users.ts';
