import { BlockList, isIP } from 'node:net';
import type { FastifyRequest } from 'fastify';

const loopback = new BlockList();
loopback.addSubnet('127.0.0.0', 8, 'ipv4');
loopback.addAddress('::1', 'ipv6');

/** Headers a proxy adds when it relays someone else's request. */
const FORWARDING_HEADERS = ['forwarded', 'x-forwarded-for', 'x-real-ip'];

/** 127.0.0.0/8, ::1, or a 127.x address mapped into IPv6 (::ffff:127.0.0.1). */
export function isLoopbackAddress(address: string | undefined): boolean {
  const family = address ? isIP(address) : 0;
  return family !== 0 && loopback.check(address!, family === 4 ? 'ipv4' : 'ipv6');
}

/** A HOST to listen on that only this machine can reach: `localhost` or a loopback address. */
export function isLoopbackHost(host: string): boolean {
  return host.toLowerCase() === 'localhost' || isLoopbackAddress(host.replace(/^\[(.*)\]$/, '$1'));
}

/**
 * A request made on this machine straight to the server: judged from the socket's peer address, which no client
 * can forge, never from request.ip (X-Forwarded-For when trustProxy is on). A proxy on this machine also connects
 * from loopback, so a request that carries a proxy's forwarding header counts as relayed, not local.
 */
export function isDirectLocalRequest(request: FastifyRequest): boolean {
  return (
    isLoopbackAddress(request.socket.remoteAddress) &&
    !FORWARDING_HEADERS.some((header) => request.headers[header] !== undefined)
  );
}
