import { and, eq, isNotNull } from 'drizzle-orm';
import { Repo } from '../../db/repo.ts';
import { marketplaceMappings, marketplaceSubscriptions } from '../../db/schema/index.ts';
import type { ResolvedCustomer } from '../../providers/marketplace/marketplace.ts';

export type MappingRow = typeof marketplaceMappings.$inferSelect;
export type CustomerState = Pick<MappingRow, 'status'> &
  Partial<Pick<MappingRow, 'verifiedAt' | 'expiresAt'>>;

/** Marketplace customers (mappings) and the subscription state of the accounts they are linked to. */
export class MarketplaceRepo extends Repo {
  /**
   * A new customer starts active, verified now (the marketplace just resolved it); a known one keeps its state
   * and only has its registration renewed.
   */
  async register(customer: ResolvedCustomer, now: Date): Promise<MappingRow> {
    const [row] = await this.db
      .insert(marketplaceMappings)
      .values({ ...customer, status: 'active', verifiedAt: now, registeredAt: now })
      .onConflictDoUpdate({
        target: [marketplaceMappings.customerIdentifier, marketplaceMappings.productCode],
        set: {
          customerAwsAccountId: customer.customerAwsAccountId,
          licenseArn: customer.licenseArn,
          registeredAt: now,
          updatedAt: now,
        },
      })
      .returning();
    return row;
  }

  async lock(id: string): Promise<MappingRow | undefined> {
    const [row] = await this.db
      .select()
      .from(marketplaceMappings)
      .where(eq(marketplaceMappings.id, id))
      .for('update');
    return row;
  }

  async linkedTo(userId: string): Promise<MappingRow | undefined> {
    const [row] = await this.db
      .select()
      .from(marketplaceMappings)
      .where(eq(marketplaceMappings.userId, userId));
    return row;
  }

  async byCustomer(customerIdentifier: string, productCode: string): Promise<MappingRow | undefined> {
    const [row] = await this.db
      .select()
      .from(marketplaceMappings)
      .where(
        and(
          eq(marketplaceMappings.customerIdentifier, customerIdentifier),
          eq(marketplaceMappings.productCode, productCode),
        ),
      );
    return row;
  }

  async allLinked(): Promise<MappingRow[]> {
    return this.db.select().from(marketplaceMappings).where(isNotNull(marketplaceMappings.userId));
  }

  async link(id: string, userId: string, now: Date): Promise<MappingRow> {
    const [row] = await this.db
      .update(marketplaceMappings)
      .set({ userId, linkedAt: now, updatedAt: now })
      .where(eq(marketplaceMappings.id, id))
      .returning();
    return row;
  }

  async setState(id: string, state: CustomerState, now: Date): Promise<MappingRow> {
    const [row] = await this.db
      .update(marketplaceMappings)
      .set({ ...state, updatedAt: now })
      .where(eq(marketplaceMappings.id, id))
      .returning();
    return row;
  }

  /** Copies a linked customer's state to its account's subscription, which job permissions read. */
  async saveSubscription(userId: string, mapping: MappingRow, now: Date): Promise<void> {
    const state = {
      status: mapping.status,
      verifiedAt: mapping.verifiedAt,
      expiresAt: mapping.expiresAt,
      customerIdentifier: mapping.customerIdentifier,
      awsAccountId: mapping.customerAwsAccountId,
      productCode: mapping.productCode,
      updatedAt: now,
    };
    await this.db
      .insert(marketplaceSubscriptions)
      .values({ userId, ...state })
      .onConflictDoUpdate({ target: marketplaceSubscriptions.userId, set: state });
  }
}
