import type { AdminUser } from '@hivqe/contract';
import { Banner } from '../../../components/ui/banner.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { useFlashMessage } from '../../../lib/use-flash-message.ts';
import { ApiTokenList } from '../../account/components/api-token-list.tsx';

/** A system administrator's view of a user's personal access tokens (issue 28, 1), each revocable. */
export function UserApiTokensDialog({ user, onClose }: { user: AdminUser; onClose: () => void }) {
  const { message, flash } = useFlashMessage();
  return (
    <Modal title={`API Tokens of ${user.email}`} size="lg" onClose={onClose}>
      {message && <Banner tone={message.tone}>{message.text}</Banner>}
      <ApiTokenList
        owner={user.email}
        emptyText="This user has no API tokens."
        onRevoked={(token) => flash('success', `API token "${token.name}" revoked`)}
      />
    </Modal>
  );
}
