export * from './users.ts';
export * from './organizations.ts';
export * from './invitations.ts';
export * from './marketplace.ts';
export * from './audit.ts';
export * from './jobs.ts';
export * from './account-settings.ts';
export * from './mail-sends.ts';
