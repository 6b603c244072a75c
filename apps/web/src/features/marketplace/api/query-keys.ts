export const marketplaceKeys = {
  all: ['marketplace'] as const,
  mappingStatus: () => [...marketplaceKeys.all, 'mapping-status'] as const,
  subscription: () => [...marketplaceKeys.all, 'subscription'] as const,
};
