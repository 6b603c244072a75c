import { IDEMPOTENT_REPLAY_HEADER } from '@hivqe/contract';
import type { FastifyReply } from 'fastify';
import type { CreateAnswer } from './service.ts';

/** A create's answer as HTTP: its status and body, marked when it repeats the first answer to the key. */
export function sendCreated<T>(reply: FastifyReply, answer: CreateAnswer<T>) {
  if (answer.replayed) reply.header(IDEMPOTENT_REPLAY_HEADER, 'true');
  return reply.status(answer.statusCode).send(answer.body);
}
