import type { ServiceModel } from '../validation/models.ts';

export interface RouteMatch {
  operation: string;
  /** URI labels of the operation's requestUri, percent-decoded. */
  labels: Record<string, string>;
}

interface CompiledRoute {
  operation: string;
  method: string;
  path: RegExp;
  labels: string[];
  /** Literal query parameters the requestUri names (`?list-type=2`): more specific routes are tried first. */
  query: Array<[string, string]>;
}

const compiledByModel = new WeakMap<ServiceModel, Map<string, CompiledRoute[]>>();

function compile(model: ServiceModel, operations: readonly string[]): CompiledRoute[] {
  return operations
    .map((operation) => {
      const { method, requestUri } = model.operations[operation].http;
      const [pathPart, queryPart = ''] = requestUri.split('?');
      const labels: string[] = [];
      const source = pathPart
        .split(/(\{[^}]+\})/)
        .map((piece) => {
          const label = /^\{([^}+]+)(\+?)\}$/.exec(piece);
          if (!label) return piece.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
          labels.push(label[1]);
          return label[2] ? '(.+)' : '([^/]+)';
        })
        .join('');
      const query = [...new URLSearchParams(queryPart)] as Array<[string, string]>;
      return { operation, method, path: new RegExp(`^${source}$`), labels, query };
    })
    .sort((a, b) => b.query.length - a.query.length);
}

/** The operation among `operations` whose HTTP binding matches the request, as REST services route. */
export function matchRoute(
  model: ServiceModel,
  operations: readonly string[],
  method: string,
  url: URL,
): RouteMatch | undefined {
  let byKey = compiledByModel.get(model);
  if (!byKey) compiledByModel.set(model, (byKey = new Map()));
  const key = operations.join(',');
  let routes = byKey.get(key);
  if (!routes) byKey.set(key, (routes = compile(model, operations)));
  for (const route of routes) {
    if (route.method !== method) continue;
    // The S3 client writes bucket-level paths with a trailing slash (`/bucket/?list-type=2`).
    const match = route.path.exec(url.pathname) ?? route.path.exec(url.pathname.replace(/(.)\/$/, '$1'));
    if (!match) continue;
    if (!route.query.every(([name, value]) => url.searchParams.get(name) === value)) continue;
    const labels = Object.fromEntries(
      route.labels.map((label, i) => [label, decodeURIComponent(match[i + 1])]),
    );
    return { operation: route.operation, labels };
  }
  return undefined;
}
