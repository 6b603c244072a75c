import { SETTINGS_MESSAGES } from '@hivqe/contract';
import { notFound } from '../../lib/http-errors.ts';
import type { SecretBox } from '../../providers/secrets/secret-box.ts';
import type { AccountSettingsRepo } from './repo.ts';
import { sealContext } from './sealed-fields.ts';

/**
 * Users' IQM API keys in the clear, for whoever calls IQM Resonance on their behalf: the jobs module
 * (before it accepts an IQM job) and the job runners (which may live in another process).
 */
export class IqmKeys {
  constructor(
    private readonly repo: Pick<AccountSettingsRepo, 'findIqm'>,
    private readonly box: SecretBox,
  ) {}

  /** The user's key, or 404 'IQM API configuration not found'. */
  async keyFor(userId: string): Promise<string> {
    const row = await this.repo.findIqm(userId);
    if (!row) throw notFound(SETTINGS_MESSAGES.iqmNotFound);
    return this.box.open(row.apiKeySealed, sealContext(userId, 'iqm_api_key'));
  }
}
