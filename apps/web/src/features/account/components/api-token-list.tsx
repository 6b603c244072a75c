import { API_TOKEN_SCOPE_LABELS, type ApiToken } from '@hivqe/contract';
import { useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { DataTable, type Column } from '../../../components/ui/data-table.tsx';
import { DateText } from '../../../components/ui/date-text.tsx';
import { QueryErrorBanner } from '../../../components/ui/query-error-banner.tsx';
import { messageOf } from '../../../lib/api-error.ts';
import { useApiTokens, useRevokeApiToken } from '../api/api-tokens.ts';

interface ApiTokenListProps {
  /** Absent: the signed-in user's own tokens; else a system administrator's view of this user's. */
  owner?: string;
  /** Shown when there are none. */
  emptyText: string;
  onRevoked: (token: ApiToken) => void;
}

/** Tokens with their scope, expiry and last use, each revocable after a confirmation. */
export function ApiTokenList({ owner, emptyText, onRevoked }: ApiTokenListProps) {
  const tokens = useApiTokens(owner);
  const revoke = useRevokeApiToken(owner);
  const [revoking, setRevoking] = useState<ApiToken | null>(null);
  const [error, setError] = useState<string | null>(null);

  async function confirmRevoke() {
    if (!revoking) return;
    setError(null);
    try {
      await revoke.mutateAsync(revoking.id);
      onRevoked(revoking);
      setRevoking(null);
    } catch (failure) {
      setError(messageOf(failure, 'Failed to revoke the API token'));
    }
  }

  const columns: Column<ApiToken>[] = [
    { header: 'Name', cell: (token) => token.name, className: 'break-all' },
    { header: 'Scope', cell: (token) => API_TOKEN_SCOPE_LABELS[token.scope] },
    { header: 'Created', cell: (token) => <DateText value={token.created_at} /> },
    {
      header: 'Expires',
      cell: (token) =>
        token.expired ? (
          <span className="font-medium text-red-700">Expired</span>
        ) : (
          <DateText value={token.expires_at} />
        ),
    },
    {
      header: 'Last used',
      cell: (token) => <DateText value={token.last_used_at} withTime fallback="Never" />,
    },
    {
      header: 'Actions',
      cell: (token) => (
        <Button
          variant="link"
          aria-label={`Revoke ${token.name}`}
          onClick={() => {
            setError(null);
            setRevoking(token);
          }}
        >
          Revoke
        </Button>
      ),
    },
  ];

  return (
    <>
      <QueryErrorBanner
        error={tokens.error}
        failedAt={tokens.errorUpdatedAt}
        fallback="Failed to load API tokens"
      />
      {tokens.data &&
        (tokens.data.tokens.length === 0 ? (
          <p className="text-sm text-slate-600">{emptyText}</p>
        ) : (
          <DataTable
            label="API tokens"
            columns={columns}
            rows={tokens.data.tokens}
            rowKey={(token) => token.id}
          />
        ))}
      {revoking && (
        <ConfirmDialog
          title="Revoke API Token"
          confirmLabel="Revoke"
          pendingLabel="Revoking..."
          isPending={revoke.isPending}
          tone="danger"
          error={error}
          onConfirm={confirmRevoke}
          onCancel={() => setRevoking(null)}
        >
          Revoke the token &quot;{revoking.name}&quot;? Scripts using it are refused from their next request.
        </ConfirmDialog>
      )}
    </>
  );
}
