import type { FastifyInstance } from 'fastify';
import { errorCode } from '../lib/error-code.ts';
import { StartupError } from './startup-error.ts';

/** Listens on HOST:PORT; a port taken or refused, or a HOST not on this machine, stops the start in one line. */
export async function listen(app: FastifyInstance, host: string, port: number): Promise<void> {
  try {
    await app.listen({ host, port });
  } catch (error) {
    throw listenFailure(errorCode(error), host, port) ?? error;
  }
}

function listenFailure(code: string | undefined, host: string, port: number): StartupError | undefined {
  switch (code) {
    case 'EADDRINUSE':
      return new StartupError(
        `Port ${port} is already in use on ${host}. Stop the other server or set PORT.`,
      );
    case 'EACCES':
      return new StartupError(`Not allowed to listen on port ${port} (EACCES). Set PORT to 1024 or above.`);
    case 'EADDRNOTAVAIL':
    case 'ENOTFOUND':
      return new StartupError(`HOST ${host} is not an address of this machine (${code}). Set HOST.`);
    default:
      return undefined;
  }
}
