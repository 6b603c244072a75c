import { BRAND } from '@hivqe/contract';
import { Banner } from '../../../components/ui/banner.tsx';
import { useMappingStatus } from '../api/get-mapping-status.ts';

/** Account Settings' banner for an account linked to a marketplace customer (spec 2.9); nothing otherwise. */
export function MarketplaceLinkedBanner() {
  const { data } = useMappingStatus();
  if (!data?.has_mapping || !data.mapping) return null;
  const { aws_account_id, customer_id } = data.mapping;
  return (
    <Banner tone="success">
      <p className="font-medium">Linked to {BRAND.marketplace}</p>
      <p>
        Your account is linked to the {BRAND.marketplace} subscription of {BRAND.cloud} account{' '}
        {aws_account_id} (customer {customer_id}).
      </p>
    </Banner>
  );
}
