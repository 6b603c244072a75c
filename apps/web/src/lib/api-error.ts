import { apiError } from '@hivqe/contract';

/** What the screens read of an error body: its message (the code is for scripts). */
const errorBody = apiError.pick({ message: true });

/** A non-OK answer of the API; the message follows accounts.md section 7.1 word for word. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly statusText: string,
    readonly body: string,
  ) {
    super(`API Error: ${status} ${statusText} - ${body}`);
    this.name = 'ApiError';
  }

  /** The `message` the server put in the body, if any. */
  get serverMessage(): string | undefined {
    try {
      const parsed = errorBody.safeParse(JSON.parse(this.body));
      return parsed.success ? parsed.data.message : undefined;
    } catch {
      return undefined;
    }
  }
}

/** What a screen shows for a failed call: the server's own words when it sent some, else the screen's fallback. */
export function messageOf(error: unknown, fallback: string): string {
  return (error instanceof ApiError && error.serverMessage) || fallback;
}
