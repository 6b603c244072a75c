import { useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Panel } from '../../../components/ui/panel.tsx';
import { AccountDeleteDialog } from './account-delete-dialog.tsx';

export function DeleteAccountSection() {
  const [isConfirming, setIsConfirming] = useState(false);
  return (
    <Panel
      title="Delete Account"
      description="Permanently delete your account and all of its data. This action cannot be undone."
      actions={
        <Button variant="danger" onClick={() => setIsConfirming(true)}>
          Delete Account
        </Button>
      }
    >
      {isConfirming && <AccountDeleteDialog onClose={() => setIsConfirming(false)} />}
    </Panel>
  );
}
