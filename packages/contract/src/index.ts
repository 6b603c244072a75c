export * from './auth.ts';
export * from './brand.ts';
export * from './common.ts';
export * from './limits.ts';
export * from './roles.ts';
