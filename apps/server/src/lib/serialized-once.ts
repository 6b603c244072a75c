import type { FastifyReply } from 'fastify';

/**
 * A sender for one route that serializes each answer object once, with the route's own serializer: an answer
 * kept in a cache (a page of the job list) is written out on its first request only, however often it is sent
 * again. Answers built per request are serialized as usual and forgotten with their object.
 */
export function serializedOnce(): (reply: FastifyReply, body: object) => FastifyReply {
  const serialized = new WeakMap<object, ReturnType<FastifyReply['serialize']>>();
  return (reply, body) => {
    let json = serialized.get(body);
    if (json === undefined) {
      json = reply.serialize(body);
      serialized.set(body, json);
    }
    // Serialized output with a JSON content type is sent as it is, not serialized again.
    return reply.type('application/json; charset=utf-8').send(json);
  };
}
