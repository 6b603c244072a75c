import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config.ts';
import { AwsMarketplace } from './aws-marketplace.ts';
import { createMarketplace } from './create-marketplace.ts';
import { LocalMarketplace } from './local-marketplace.ts';

describe('marketplace and platform configuration', () => {
  it('defaults to the local marketplace and the placeholder platform account', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      MARKETPLACE: 'local',
      PLATFORM_AWS_ACCOUNT_ID: '000000000000',
      AWS_REGION: 'us-east-1',
    });
    expect(config.MARKETPLACE_PRODUCT_CODE).toBeUndefined();
    expect(config.MARKETPLACE_SQS_URL).toBeUndefined();
    const marketplace = createMarketplace({ mode: config.MARKETPLACE });
    expect(marketplace).toBeInstanceOf(LocalMarketplace);
    expect(marketplace.productCode).toBe('hivqe-local');
  });

  it('reads AWS Marketplace settings', () => {
    const config = loadConfig({
      MARKETPLACE: 'aws',
      MARKETPLACE_PRODUCT_CODE: 'abc123',
      MARKETPLACE_SQS_URL: 'https://sqs.us-east-1.amazonaws.com/111122223333/mp',
      PLATFORM_AWS_ACCOUNT_ID: '111122223333',
      AWS_REGION: 'eu-west-2',
    });
    expect(config).toMatchObject({
      MARKETPLACE: 'aws',
      MARKETPLACE_PRODUCT_CODE: 'abc123',
      MARKETPLACE_SQS_URL: 'https://sqs.us-east-1.amazonaws.com/111122223333/mp',
      PLATFORM_AWS_ACCOUNT_ID: '111122223333',
      AWS_REGION: 'eu-west-2',
    });
    const marketplace = createMarketplace({ mode: 'aws', productCode: 'abc123' });
    expect(marketplace).toBeInstanceOf(AwsMarketplace);
    expect(marketplace.productCode).toBe('abc123');
  });

  it.each([
    [{ MARKETPLACE: 'aws' }, 'MARKETPLACE_PRODUCT_CODE: required when MARKETPLACE=aws'],
    [{ MARKETPLACE: 'azure' }, 'MARKETPLACE'],
    [{ PLATFORM_AWS_ACCOUNT_ID: '1234' }, 'PLATFORM_AWS_ACCOUNT_ID: must be 12 digits'],
    [{ MARKETPLACE_SQS_URL: 'not a url' }, 'MARKETPLACE_SQS_URL'],
    [{ AWS_REGION: 'Mars' }, 'AWS_REGION'],
  ])('refuses %o', (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
  });
});
