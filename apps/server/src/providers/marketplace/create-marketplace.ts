import { AwsMarketplace } from './aws-marketplace.ts';
import { LocalMarketplace } from './local-marketplace.ts';
import type { MarketplaceProvider } from './marketplace.ts';

export interface MarketplaceSettings {
  /** MARKETPLACE. */
  mode: 'local' | 'aws';
  /** MARKETPLACE_PRODUCT_CODE; the configuration requires it with aws. */
  productCode?: string;
}

/** AWS Marketplace when configured, else the embedded marketplace. */
export function createMarketplace({ mode, productCode }: MarketplaceSettings): MarketplaceProvider {
  if (mode === 'local') return new LocalMarketplace(productCode);
  if (!productCode) throw new Error('MARKETPLACE_PRODUCT_CODE is required with MARKETPLACE=aws');
  return new AwsMarketplace(productCode);
}
