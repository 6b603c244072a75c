import { describe, expect, it } from 'vitest';
import {
  accessRoleArn,
  accountSettingsRequest,
  cloudSettingsRequest,
  deleteSettingsQuery,
  iqmSettingsRequest,
  SETTINGS_MESSAGES,
  settingsTargetQuery,
} from './account-settings.ts';
import { mappingStatusQuery } from './marketplace.ts';

const KEY = 'k'.repeat(64);
const messagesOf = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues.map((issue) => issue.message) ?? [];

describe('account settings schemas', () => {
  it('derives the role ARN from the account', () => {
    expect(accessRoleArn('123456789012')).toBe('arn:aws:iam::123456789012:role/HI-VQE-Access-Role');
  });

  it('accepts 12 digits and a Braket region; refuses anything else with its message', () => {
    expect(
      cloudSettingsRequest.safeParse({ account_id: '123456789012', aws_region: 'eu-west-2' }).success,
    ).toBe(true);
    expect(
      messagesOf(cloudSettingsRequest.safeParse({ account_id: '12345678901a', aws_region: 'x' })),
    ).toEqual([SETTINGS_MESSAGES.accountId, SETTINGS_MESSAGES.region]);
  });

  it('accepts a key of exactly 64 visible characters', () => {
    expect(iqmSettingsRequest.safeParse({ iqm_api_key: KEY }).success).toBe(true);
    for (const key of [KEY.slice(1), `${KEY}k`, `${KEY.slice(2)} \n`, undefined]) {
      expect(messagesOf(iqmSettingsRequest.safeParse({ iqm_api_key: key }))).toEqual([
        SETTINGS_MESSAGES.iqmApiKey,
      ]);
    }
  });

  it('takes the cloud pair, the key, or both for POST and PUT /account/settings', () => {
    expect(accountSettingsRequest.safeParse({ iqm_api_key: KEY }).success).toBe(true);
    expect(
      accountSettingsRequest.safeParse({ account_id: '123456789012', aws_region: 'us-east-1' }).success,
    ).toBe(true);
    expect(messagesOf(accountSettingsRequest.safeParse({ account_id: '123456789012' }))).toContain(
      SETTINGS_MESSAGES.cloudPairRequired,
    );
    expect(messagesOf(accountSettingsRequest.safeParse({}))).toEqual([SETTINGS_MESSAGES.nothingToSave]);
  });

  it('reads an empty user_email as the caller and defaults DELETE to the cloud settings', () => {
    expect(settingsTargetQuery.parse({ user_email: '' })).toEqual({ user_email: undefined });
    expect(settingsTargetQuery.parse({ user_email: ' Ada@Example.com ' })).toEqual({
      user_email: 'ada@example.com',
    });
    expect(deleteSettingsQuery.parse({ user_email: '' })).toEqual({ user_email: undefined, provider: 'aws' });
    expect(deleteSettingsQuery.parse({ provider: 'iqm' })).toEqual({
      user_email: undefined,
      provider: 'iqm',
    });
  });

  it('treats a mapping_id that is not one as absent', () => {
    const id = '6f1c2a8e-2d4b-4c1e-9f3a-0b1c2d3e4f50';
    expect(mappingStatusQuery.parse({ mapping_id: id })).toEqual({ mapping_id: id });
    expect(mappingStatusQuery.parse({ mapping_id: 'garbage' })).toEqual({ mapping_id: undefined });
  });
});
