import { eq } from 'drizzle-orm';
import { Repo } from '../../db/repo.ts';
import { awsSettings, iqmSettings } from '../../db/schema/index.ts';

export type AwsSettingsRow = typeof awsSettings.$inferSelect;
export type IqmSettingsRow = typeof iqmSettings.$inferSelect;

/** Users' own provider settings: one AWS row and one IQM row at most per user. */
export class AccountSettingsRepo extends Repo {
  async findAws(userId: string): Promise<AwsSettingsRow | undefined> {
    const [row] = await this.db.select().from(awsSettings).where(eq(awsSettings.userId, userId));
    return row;
  }

  async findIqm(userId: string): Promise<IqmSettingsRow | undefined> {
    const [row] = await this.db.select().from(iqmSettings).where(eq(iqmSettings.userId, userId));
    return row;
  }

  /** Creates the row, or changes account and region keeping the external id the row already has. */
  async saveAws(
    row: Pick<AwsSettingsRow, 'userId' | 'accountId' | 'region' | 'externalIdSealed'>,
  ): Promise<void> {
    await this.db
      .insert(awsSettings)
      .values(row)
      .onConflictDoUpdate({
        target: awsSettings.userId,
        set: { accountId: row.accountId, region: row.region, updatedAt: new Date() },
      });
  }

  async saveIqm(row: Pick<IqmSettingsRow, 'userId' | 'apiKeySealed' | 'apiKeyLast10'>): Promise<void> {
    await this.db
      .insert(iqmSettings)
      .values(row)
      .onConflictDoUpdate({
        target: iqmSettings.userId,
        set: { apiKeySealed: row.apiKeySealed, apiKeyLast10: row.apiKeyLast10, updatedAt: new Date() },
      });
  }

  /** Whether there was a row to delete. */
  async deleteAws(userId: string): Promise<boolean> {
    const deleted = await this.db.delete(awsSettings).where(eq(awsSettings.userId, userId)).returning();
    return deleted.length > 0;
  }

  async deleteIqm(userId: string): Promise<boolean> {
    const deleted = await this.db.delete(iqmSettings).where(eq(iqmSettings.userId, userId)).returning();
    return deleted.length > 0;
  }
}
