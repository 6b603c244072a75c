/** Binds each sealed value to its owner and field, so a sealed value copied to another row fails to open. */
export const sealContext = (userId: string, field: 'external_id' | 'iqm_api_key') => `${userId}:${field}`;

/** The keyring purpose whose key seals users' provider settings (AWS external ids, IQM API keys). */
export const PROVIDER_SETTINGS_BOX = 'provider-settings';
