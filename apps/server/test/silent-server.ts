import { createServer } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

/** An HTTP server that takes requests and never answers: a hung AWS endpoint. */
export async function startSilentServer() {
  /** Each request's path and body, as they arrived. */
  const received: { url: string; body: string }[] = [];
  const sockets = new Set<Socket>();
  const server = createServer((request) => {
    const entry = { url: request.url ?? '', body: '' };
    received.push(entry);
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => (entry.body += chunk));
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
