export * from './barbers.ts';
export * from './orders.ts';
export * from './products.ts';
export * from './shop.ts';
export * from './users.ts';
