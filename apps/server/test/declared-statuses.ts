import type { FastifyInstance } from 'fastify';

/**
 * Fails every test whose request a route answers with a status its document does not list (issue 28 §2): the
 * answer becomes a 500 and the gap is printed. Routes outside the
 * document (hidden, the static console, unknown paths) are not checked.
 */
export function checkDeclaredStatuses(app: FastifyInstance): void {
  app.addHook('onSend', (request, reply, payload, done) => {
    const schema = request.routeOptions.schema as
      { hide?: boolean; response?: Record<string, unknown> } | undefined;
    if (!schema?.response || schema.hide || reply.statusCode === 500) return done(null, payload);
    if (String(reply.statusCode) in schema.response) return done(null, payload);
    const gap = `${request.method} ${request.routeOptions.url} → ${reply.statusCode}`;
    console.error(`undeclared status: ${gap}`);
    done(
      new Error(`undeclared status: ${gap} (add it to the operation's refusals in openapi-operations.ts)`),
    );
  });
}
