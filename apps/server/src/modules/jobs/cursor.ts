/** Where a page of jobs ended: the last job's creation time (to the microsecond) and id. */
export interface PagePosition {
  createdAt: string;
  id: string;
}

/** Where the next page starts in an order other than newest first: how many jobs come before it. */
export interface PageOffset {
  offset: number;
}

const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const OFFSET = /^@(0|[1-9]\d{0,8})$/;

/** next_token, opaque to clients: base64url of '{createdAt}|{id}', or of '@{offset}'. */
export const encodePosition = (position: PagePosition | PageOffset) =>
  Buffer.from('offset' in position ? `@${position.offset}` : `${position.createdAt}|${position.id}`).toString(
    'base64url',
  );

/** The position a next_token names; undefined for anything this server did not issue. */
export function decodePosition(token: string): PagePosition | PageOffset | undefined {
  const text = Buffer.from(token, 'base64url').toString('utf8');
  if (OFFSET.test(text)) return { offset: Number(text.slice(1)) };
  const [createdAt = '', id = '', ...rest] = text.split('|');
  const valid = rest.length === 0 && TIMESTAMP.test(createdAt) && isRealTime(createdAt) && UUID.test(id);
  return valid ? { createdAt, id } : undefined;
}

/** Rejects times like February 30th, which the database would refuse with an error. */
function isRealTime(timestamp: string): boolean {
  const milliseconds = `${timestamp.slice(0, 23)}Z`;
  const date = new Date(milliseconds);
  return !Number.isNaN(date.getTime()) && date.toISOString() === milliseconds;
}
