/**
 * A problem with what the user asked for (geometry, basis, orbital spaces, problem size), as opposed to
 * a bug or a numerical failure. The message is written for the person who filled in the form.
 */
export class EngineInputError extends Error {
  override readonly name = 'EngineInputError';
}
