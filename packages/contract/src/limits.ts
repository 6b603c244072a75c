/** Business constants of accounts.md section 9 shared by web and server. */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 256;
export const CONFIRMATION_CODE_LENGTH = 6;
export const FULL_NAME_MAX_LENGTH = 100;
export const PHONE_MAX_LENGTH = 20;
export const HISTORY_PAGE_SIZE = 10;
export const NEW_PASSWORD_REQUIRED = 'NEW_PASSWORD_REQUIRED';
export const REFRESH_BEFORE_EXPIRY_SECONDS = 60;
export const RETRY_HEADER = 'X-Retry';
export const REAUTH_HEADER = 'X-Reauth-Token';
