/** Where the login screen keeps a marketplace mapping id that arrived in its query string. */
export const MAPPING_ID_STORAGE_KEY = 'marketplace_mapping_id';

export function storedMappingId(): string | null {
  return localStorage.getItem(MAPPING_ID_STORAGE_KEY) || null;
}

export function rememberMappingId(mappingId: string): void {
  if (mappingId !== storedMappingId()) localStorage.setItem(MAPPING_ID_STORAGE_KEY, mappingId);
}

/** Once the mapping is linked (mapping_completed), or can never be. */
export function forgetMappingId(): void {
  localStorage.removeItem(MAPPING_ID_STORAGE_KEY);
}
