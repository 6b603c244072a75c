import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** Debian's python3-botocore puts AWS's JSON service models here. */
export const DEFAULT_MODELS_DIR = '/usr/lib/python3/dist-packages/botocore/data';

export type ServiceName = 'braket' | 's3' | 'logs';

export const MODEL_VERSIONS: Record<ServiceName, string> = {
  braket: '2019-09-01',
  s3: '2006-03-01',
  logs: '2014-03-28',
};

export interface MemberRef {
  shape: string;
  location?: 'uri' | 'querystring' | 'header' | 'headers' | 'statusCode';
  locationName?: string;
  idempotencyToken?: boolean;
  streaming?: boolean;
}

export interface Shape {
  type: string;
  required?: string[];
  members?: Record<string, MemberRef>;
  member?: MemberRef;
  key?: MemberRef;
  value?: MemberRef;
  min?: number;
  max?: number;
  pattern?: string;
  enum?: string[];
  payload?: string;
  error?: { httpStatusCode?: number; code?: string };
  exception?: boolean;
}

export interface Operation {
  name: string;
  http: { method: string; requestUri: string; responseCode?: number };
  input?: { shape: string };
}

export interface ServiceModel {
  metadata: { protocol: string; targetPrefix?: string; signingName?: string; endpointPrefix: string };
  operations: Record<string, Operation>;
  shapes: Record<string, Shape>;
}

export class ModelsMissingError extends Error {}

const cache = new Map<string, ServiceModel>();

export function modelPath(service: ServiceName, modelsDir = DEFAULT_MODELS_DIR): string {
  return join(modelsDir, service, MODEL_VERSIONS[service], 'service-2.json');
}

/** Throws, naming the Debian package, when a model is absent: the stand-in has no weaker mode without them. */
export function assertModelsPresent(modelsDir = DEFAULT_MODELS_DIR): void {
  const missing = (Object.keys(MODEL_VERSIONS) as ServiceName[])
    .map((service) => modelPath(service, modelsDir))
    .filter((path) => !existsSync(path));
  if (missing.length > 0) {
    throw new ModelsMissingError(
      `AWS service models not found (${missing.join(', ')}): install them with ` +
        '`apt-get install python3-botocore`, or pass modelsDir pointing at a botocore data directory',
    );
  }
}

export function loadModel(service: ServiceName, modelsDir = DEFAULT_MODELS_DIR): ServiceModel {
  const path = modelPath(service, modelsDir);
  let model = cache.get(path);
  if (!model) {
    assertModelsPresent(modelsDir);
    model = JSON.parse(readFileSync(path, 'utf8')) as ServiceModel;
    cache.set(path, model);
  }
  return model;
}
