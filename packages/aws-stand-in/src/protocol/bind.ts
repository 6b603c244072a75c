import type { IncomingHttpHeaders } from 'node:http';
import type { ServiceModel, Shape } from '../validation/models.ts';
import { validationError } from './errors.ts';

export interface RawRequest {
  labels: Record<string, string>;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/**
 * The operation's input, as the SDKs name its members, from a REST request: URI labels, query string and
 * headers by their `locationName`, the payload member (S3 object bodies) as the raw bytes, and the other
 * members from the JSON body (REST-JSON). Scalars outside the body are converted to their shape's type;
 * what does not convert stays a string so that validation reports it.
 */
export function bindRestInput(
  model: ServiceModel,
  operation: string,
  raw: RawRequest,
): Record<string, unknown> {
  const inputName = model.operations[operation].input?.shape;
  if (!inputName) return {};
  const shape = model.shapes[inputName];
  const input: Record<string, unknown> = {};
  const bodyMembers: string[] = [];
  for (const [name, ref] of Object.entries(shape.members ?? {})) {
    const wire = ref.locationName ?? name;
    const target = model.shapes[ref.shape];
    if (ref.location === 'uri') {
      if (raw.labels[wire] !== undefined) input[name] = convert(target, raw.labels[wire]);
    } else if (ref.location === 'querystring') {
      const values = raw.query.getAll(wire);
      if (values.length > 0)
        input[name] =
          target.type === 'list'
            ? values.map((v) => convert(model.shapes[target.member!.shape], v))
            : convert(target, values[0]);
    } else if (ref.location === 'header') {
      const value = raw.headers[wire.toLowerCase()];
      if (typeof value === 'string') input[name] = convert(target, value);
    } else if (ref.location === 'headers') {
      const prefix = wire.toLowerCase();
      const map = Object.fromEntries(
        Object.entries(raw.headers)
          .filter(([header]) => header.startsWith(prefix))
          .map(([header, value]) => [header.slice(prefix.length), String(value)]),
      );
      if (Object.keys(map).length > 0) input[name] = map;
    } else if (name === shape.payload) {
      input[name] = raw.body;
    } else {
      bodyMembers.push(name);
    }
  }
  if (bodyMembers.length > 0 && model.metadata.protocol === 'rest-json' && raw.body.length > 0) {
    const body = parseJsonBody(raw.body);
    for (const name of bodyMembers) {
      const wire = shape.members![name].locationName ?? name;
      if (body[wire] !== undefined) input[name] = body[wire];
    }
    for (const wire of Object.keys(body)) {
      if (!bodyMembers.some((name) => (shape.members![name].locationName ?? name) === wire))
        input[wire] = body[wire];
    }
  }
  return input;
}

export function parseJsonBody(body: Buffer): Record<string, unknown> {
  if (body.length === 0) return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(body.toString('utf8'));
  } catch {
    throw validationError('The request body is not valid JSON');
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
    throw validationError('The request body must be a JSON object');
  return parsed as Record<string, unknown>;
}

function convert(shape: Shape, text: string): unknown {
  if (shape.type === 'integer' || shape.type === 'long') {
    return /^-?\d+$/.test(text) ? Number(text) : text;
  }
  if (shape.type === 'boolean') return text === 'true' ? true : text === 'false' ? false : text;
  return text;
}
