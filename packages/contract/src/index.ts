export * from './auth.ts';
export * from './barbers.ts';
export * from './domain.ts';
export * from './errors.ts';
export * from './format.ts';
export * from './orders.ts';
export * from './shop.ts';
export * from './users.ts';
