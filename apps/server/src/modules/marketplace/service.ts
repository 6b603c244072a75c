import {
  ADMIN_MESSAGES,
  LOCAL_MARKETPLACE_TOKEN_PREFIX,
  MAPPING_COOKIE_MAX_AGE_SECONDS,
  MARKETPLACE_MESSAGES,
  type CompleteMappingResponse,
  type MappingStatusResponse,
  type MarketplaceMapping,
  type MarketplaceSubscriptionResponse,
} from '@hivqe/contract';
import type { FastifyBaseLogger } from 'fastify';
import { badRequest, conflict, forbidden, HttpError, notFound } from '../../lib/http-errors.ts';
import {
  MarketplaceTokenError,
  MarketplaceUnavailableError,
  type MarketplaceProvider,
  type ResolvedCustomer,
} from '../../providers/marketplace/marketplace.ts';
import type { Actor } from '../audit/actor.ts';
import type { AuditLog } from '../audit/service.ts';
import { AuthRepo, type UserRow } from '../auth/repo.ts';
import type { MappingRow, MarketplaceRepo } from './repo.ts';
import type { SubscriptionStates } from './states.ts';

export interface MarketplaceServiceDeps {
  repo: MarketplaceRepo;
  states: SubscriptionStates;
  marketplace: MarketplaceProvider;
  audit: AuditLog;
  now: () => Date;
  log?: FastifyBaseLogger;
}

const presentMapping = (row: MappingRow): MarketplaceMapping => ({
  mapping_id: row.id,
  aws_account_id: row.customerAwsAccountId,
  customer_id: row.customerIdentifier,
  product_code: row.productCode,
  linked_at: (row.linkedAt ?? row.updatedAt).toISOString(),
});

/**
 * AWS Marketplace linkage (accounts.md 4.1, 7.4): a buyer's registration becomes a mapping, which the account
 * that signs in with its id claims once. In local mode the /marketplace page simulates subscribing and cancelling.
 *
 * A simulated subscription unlocks jobs, so it is self-service only in a local trial: the request reaches the
 * server straight from this machine's loopback (`fromThisMachine`, judged by the route from the socket). Anywhere
 * else a system administrator grants it; the local marketplace's registration URL follows the same rule, since
 * linking a local registration subscribes too.
 */
export class MarketplaceService {
  constructor(private readonly deps: MarketplaceServiceDeps) {}

  /** The marketplace's POST: resolves the token into a mapping waiting to be linked; returns its id. */
  async register(token: string, fromThisMachine: boolean): Promise<string> {
    if (this.deps.marketplace.mode === 'local' && !fromThisMachine) {
      throw forbidden(MARKETPLACE_MESSAGES.localRegistrationTrialOnly);
    }
    return (await this.registerCustomer(token)).id;
  }

  private async registerCustomer(token: string): Promise<MappingRow> {
    const customer = await this.resolve(token);
    if (customer.productCode !== this.deps.marketplace.productCode) {
      throw badRequest(MARKETPLACE_MESSAGES.wrongProduct);
    }
    return this.deps.repo.register(customer, this.deps.now());
  }

  /** Whether the caller's account is linked to a marketplace customer (an account has one at most). */
  async status(user: UserRow): Promise<MappingStatusResponse> {
    const linked = await this.deps.repo.linkedTo(user.id);
    return linked
      ? { has_mapping: true, mapping: presentMapping(linked) }
      : { has_mapping: false, mapping: null };
  }

  /**
   * Links the mapping to the caller, once: their subscription then follows the customer's state, checked with the
   * marketplace at once. Someone else's mapping, or a second customer for one account, is refused (409).
   */
  async complete(actor: Actor, mappingId: string): Promise<CompleteMappingResponse> {
    const { mapping, linkedNow } = await this.link(actor, actor.user, mappingId);
    if (linkedNow) await this.refreshQuietly(mapping);
    const message = linkedNow ? MARKETPLACE_MESSAGES.linked : MARKETPLACE_MESSAGES.alreadyLinked;
    return { mapping_completed: true, message, mapping: presentMapping(mapping) };
  }

  subscription(user: UserRow): Promise<MarketplaceSubscriptionResponse> {
    return this.deps.states.view(user);
  }

  /** Local mode: subscribes the caller as the marketplace would; in a local trial, or for an administrator. */
  async simulateSubscribe(actor: Actor, fromThisMachine: boolean): Promise<MarketplaceSubscriptionResponse> {
    this.requireLocal();
    if (!fromThisMachine && !actor.user.isSystemAdmin) {
      throw forbidden(MARKETPLACE_MESSAGES.simulationTrialOnly);
    }
    return this.subscribeSimulated(actor, actor.user);
  }

  /** Local mode: cancels the caller's own subscription; giving up access needs no trial. */
  simulateCancel(actor: Actor): Promise<MarketplaceSubscriptionResponse> {
    this.requireLocal();
    return this.cancelSimulated(actor, actor.user, MARKETPLACE_MESSAGES.noSubscription);
  }

  /** Local mode, a system administrator (the route's guard): grants `login` a simulated subscription. */
  async grantSimulated(actor: Actor, login: string): Promise<MarketplaceSubscriptionResponse> {
    this.requireLocal();
    return this.subscribeSimulated(actor, await this.userOf(login));
  }

  /** Local mode, a system administrator (the route's guard): cancels the simulated subscription of `login`. */
  async revokeSimulated(actor: Actor, login: string): Promise<MarketplaceSubscriptionResponse> {
    this.requireLocal();
    return this.cancelSimulated(actor, await this.userOf(login), MARKETPLACE_MESSAGES.userHasNoSubscription);
  }

  /** As the marketplace would: registration, link, subscribe-success. */
  private async subscribeSimulated(actor: Actor, user: UserRow): Promise<MarketplaceSubscriptionResponse> {
    const existing = await this.deps.repo.linkedTo(user.id);
    const token = `${LOCAL_MARKETPLACE_TOKEN_PREFIX}${user.username}`;
    const mapping =
      existing ?? (await this.link(actor, user, (await this.registerCustomer(token)).id)).mapping;
    await this.deps.states.apply(mapping, { status: 'active', verifiedAt: this.deps.now() });
    await this.audit(actor, 'marketplace.simulated_subscribe', mapping, user);
    return this.subscription(user);
  }

  /** As an unsubscribe-success notification would. */
  private async cancelSimulated(
    actor: Actor,
    user: UserRow,
    nothingToCancel: string,
  ): Promise<MarketplaceSubscriptionResponse> {
    const mapping = await this.deps.repo.linkedTo(user.id);
    if (!mapping) throw notFound(nothingToCancel);
    await this.deps.states.apply(mapping, { status: 'inactive' });
    await this.audit(actor, 'marketplace.simulated_cancel', mapping, user);
    return this.subscription(user);
  }

  private async userOf(login: string): Promise<UserRow> {
    const user = await this.deps.repo.peer(AuthRepo).findUserByLogin(login);
    if (!user) throw notFound(ADMIN_MESSAGES.userNotFound);
    return user;
  }

  /** Links the mapping to `user` (the actor, or the user an administrator subscribes). */
  private async link(
    actor: Actor,
    user: UserRow,
    mappingId: string,
  ): Promise<{ mapping: MappingRow; linkedNow: boolean }> {
    const now = this.deps.now();
    return this.deps.repo.transaction(async (repo) => {
      const mapping = await repo.lock(mappingId);
      const expired =
        mapping?.userId === null &&
        now.getTime() - mapping.registeredAt.getTime() > MAPPING_COOKIE_MAX_AGE_SECONDS * 1000;
      if (!mapping || expired) throw notFound(MARKETPLACE_MESSAGES.mappingNotFound);
      if (mapping.userId === user.id) return { mapping, linkedNow: false };
      if (mapping.userId !== null) throw conflict(MARKETPLACE_MESSAGES.linkedToOther);
      if (await repo.linkedTo(user.id)) throw conflict(MARKETPLACE_MESSAGES.userHasOther);
      const linked = await repo.link(mapping.id, user.id, now);
      await repo.saveSubscription(user.id, linked, now);
      await this.audit(actor, 'marketplace.link', linked, user, repo);
      return { mapping: linked, linkedNow: true };
    });
  }

  private async resolve(token: string): Promise<ResolvedCustomer> {
    try {
      return await this.deps.marketplace.resolveCustomer(token);
    } catch (error) {
      if (error instanceof MarketplaceTokenError) throw badRequest(MARKETPLACE_MESSAGES.tokenInvalid);
      if (error instanceof MarketplaceUnavailableError) {
        this.deps.log?.error({ err: error }, 'ResolveCustomer failed');
        throw new HttpError(503, MARKETPLACE_MESSAGES.unavailable);
      }
      throw error;
    }
  }

  /** A marketplace that cannot be reached does not undo the link; the periodic sync checks again. */
  private async refreshQuietly(mapping: MappingRow): Promise<void> {
    try {
      await this.deps.states.refresh(mapping);
    } catch (error) {
      this.deps.log?.error({ err: error, mappingId: mapping.id }, 'entitlement check after linking failed');
    }
  }

  private requireLocal(): void {
    if (this.deps.marketplace.mode !== 'local') throw notFound(MARKETPLACE_MESSAGES.simulationOnlyLocal);
  }

  private audit(
    actor: Actor,
    action: 'marketplace.link' | 'marketplace.simulated_subscribe' | 'marketplace.simulated_cancel',
    mapping: MappingRow,
    subscriber: UserRow,
    repo?: MarketplaceRepo,
  ) {
    const log = repo ? this.deps.audit.within(repo) : this.deps.audit;
    return log.record(
      actor,
      action,
      { type: 'marketplace', id: mapping.id, label: subscriber.email },
      { customer_id: mapping.customerIdentifier, aws_account_id: mapping.customerAwsAccountId },
    );
  }
}
