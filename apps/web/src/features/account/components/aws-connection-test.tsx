import type { BannerTone } from '../../../components/ui/banner.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { useMutation } from '@tanstack/react-query';
import { messageOf } from '../../../lib/api-error.ts';
import { testAwsConnection } from '../api/change-settings.ts';

/** 'Test Connection': the server assumes the role with the external id and tells what AWS answered. */
export function AwsConnectionTest({ onResult }: { onResult: (tone: BannerTone, text: string) => void }) {
  const test = useMutation({ mutationFn: testAwsConnection });

  async function run() {
    try {
      const result = await test.mutateAsync();
      onResult(result.success ? 'success' : 'error', result.message);
    } catch (error) {
      onResult('error', messageOf(error, 'Failed to test the connection'));
    }
  }

  return (
    <Button variant="secondary" onClick={run} disabled={test.isPending}>
      {test.isPending ? 'Testing...' : 'Test Connection'}
    </Button>
  );
}
