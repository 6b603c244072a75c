import {
  createHybridJobRequest,
  createHybridJobResponse,
  hybridJob,
  hybridJobDetailResponse,
  hybridJobListResponse,
  invitation,
  iqmJob,
  jobResultDocument,
  marketplaceSubscriptionResponse,
  messageResponse,
  organization,
  organizationMember,
  profileResponse,
  scanResponse,
} from '@hivqe/contract';
import { z } from 'zod';

/**
 * The contract's schemas that the OpenAPI document shares as components (`#/components/schemas/<id>`): the ones
 * several operations answer, or that a client author meets by name. A registry of the server's own, so the
 * contract's schemas stay plain for the web.
 */
export const apiSchemaRegistry = z.registry<{ id: string }>();

/**
 * The document is written with this registry as its metadata, so it must also hold what the global registry
 * does (`.describe()` texts, the `x-multiline` mark): looked up there when this registry has nothing. zod keeps a
 * registry's entries in `_map`, which fastify-type-provider-zod copies the same way for its input/output twins.
 */
class WithGlobalMetadata extends WeakMap<z.core.$ZodType, { id: string }> {
  override get(schema: z.core.$ZodType) {
    return super.get(schema) ?? (z.globalRegistry._map.get(schema) as { id: string } | undefined);
  }
  override has(schema: z.core.$ZodType) {
    return super.has(schema) || z.globalRegistry._map.has(schema);
  }
}
apiSchemaRegistry._map = new WithGlobalMetadata();

const COMPONENTS: [z.ZodType, string][] = [
  [messageResponse, 'Message'],
  [hybridJob, 'HybridJob'],
  [hybridJobListResponse, 'HybridJobList'],
  [hybridJobDetailResponse, 'HybridJobDetail'],
  [createHybridJobRequest, 'CreateHybridJobRequest'],
  [createHybridJobResponse, 'CreateHybridJobResponse'],
  [jobResultDocument, 'JobResultDocument'],
  [scanResponse, 'Scan'],
  [iqmJob, 'IqmJob'],
  [organization, 'Organization'],
  [organizationMember, 'OrganizationMember'],
  [invitation, 'Invitation'],
  [profileResponse, 'Profile'],
  [marketplaceSubscriptionResponse, 'MarketplaceSubscription'],
];
for (const [schema, id] of COMPONENTS) apiSchemaRegistry.add(schema, { id });
