/** Where a page of jobs ended: the last job's creation time (to the microsecond) and id. */
export interface PagePosition {
  createdAt: string;
  id: string;
}

const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** next_token: the position, opaque to clients (base64url of '{createdAt}|{id}'). */
export const encodePosition = (position: PagePosition) =>
  Buffer.from(`${position.createdAt}|${position.id}`).toString('base64url');

/** The position a next_token names; undefined for anything this server did not issue. */
export function decodePosition(token: string): PagePosition | undefined {
  const [createdAt = '', id = '', ...rest] = Buffer.from(token, 'base64url').toString('utf8').split('|');
  const valid = rest.length === 0 && TIMESTAMP.test(createdAt) && isRealTime(createdAt) && UUID.test(id);
  return valid ? { createdAt, id } : undefined;
}

/** Rejects times like February 30th, which the database would refuse with an error. */
function isRealTime(timestamp: string): boolean {
  const milliseconds = `${timestamp.slice(0, 23)}Z`;
  const date = new Date(milliseconds);
  return !Number.isNaN(date.getTime()) && date.toISOString() === milliseconds;
}
