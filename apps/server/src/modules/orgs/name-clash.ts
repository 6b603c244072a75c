import { ORGANIZATION_OWNER_NAME_INDEX } from '../../db/schema/index.ts';
import { conflict } from '../../lib/http-errors.ts';
import { chainOf } from '../../lib/loggable-error.ts';

const UNIQUE_VIOLATION = '23505';

function isNameClash(error: unknown): boolean {
  return chainOf(error).some((link) => {
    const { code, constraint } = link as { code?: unknown; constraint?: unknown };
    return code === UNIQUE_VIOLATION && constraint === ORGANIZATION_OWNER_NAME_INDEX;
  });
}

/**
 * Runs `work`, turning a clash with the index that keeps one owner's organization names apart into a 409 with
 * `message`. The index decides, so two requests racing to one name cannot both get through.
 */
export async function refusingNameClash<T>(work: () => Promise<T>, message: string): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isNameClash(error)) throw conflict(message);
    throw error;
  }
}
