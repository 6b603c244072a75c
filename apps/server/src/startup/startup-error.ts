/** A start that cannot go on for a reason the operator can fix: said in one line on stderr, with no stack. */
export class StartupError extends Error {}

/**
 * Runs a process's start; a StartupError ends the process with its one line and exit code 1. Anything else is a
 * bug and keeps its stack.
 */
export async function startOrExit(start: () => Promise<void>): Promise<void> {
  try {
    await start();
  } catch (error) {
    if (!(error instanceof StartupError)) throw error;
    process.stderr.write(`${error.message.replace(/\s+/g, ' ')}\n`);
    process.exit(1);
  }
}
