import { API_BASE, JOB_PATHS, MAX_ACTIVE_API_TOKENS, type CreateApiTokenResponse } from '@hivqe/contract';
import { useState } from 'react';
import { Banner } from '../../../components/ui/banner.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Panel } from '../../../components/ui/panel.tsx';
import { useFlashMessage } from '../../../lib/use-flash-message.ts';
import { useCopyToClipboard } from '../use-copy-to-clipboard.ts';
import { ApiTokenList } from './api-token-list.tsx';
import { ApiTokensPythonExample } from './api-tokens-python-example.tsx';
import { CodeExample } from './code-example.tsx';
import { CopyableValues } from './copyable-values.tsx';
import { CreateApiTokenDialog } from './create-api-token-dialog.tsx';

/** The lines a script author starts from: the token in an environment variable and one call with it. */
const gettingStartedLines = (token: string) => [
  `export HIVQE_TOKEN='${token}'`,
  `curl -H "Authorization: Bearer $HIVQE_TOKEN" \\`,
  `  ${window.location.origin}${API_BASE}${JOB_PATHS.hybridJobs}`,
];

/** Account Settings → API Tokens (issue 28, 1): personal access tokens for scripts and notebooks. */
export function ApiTokensSection() {
  const [isCreating, setIsCreating] = useState(false);
  const [created, setCreated] = useState<CreateApiTokenResponse | null>(null);
  const { message, flash } = useFlashMessage();
  const copy = useCopyToClipboard(flash);
  const lines = gettingStartedLines(created?.token ?? '<your token>');

  return (
    <Panel
      title="API Tokens"
      description={`Tokens let scripts and notebooks call the API as you, within their scope, until they expire or you revoke them. You may have ${MAX_ACTIVE_API_TOKENS} at a time.`}
      actions={<Button onClick={() => setIsCreating(true)}>Create Token</Button>}
    >
      {message && <Banner tone={message.tone}>{message.text}</Banner>}
      {created && (
        <div className="space-y-2">
          <Banner tone="warning" onDismiss={() => setCreated(null)}>
            Copy your new token now: it is not stored and will not be shown again.
          </Banner>
          <CopyableValues values={[{ label: 'API token', value: created.token }]} onCopy={copy} />
        </div>
      )}
      <CodeExample title="Getting started" name="Shell example" lines={lines} onCopy={copy} />
      <ApiTokensPythonExample token={created?.token ?? '<your token>'} onCopy={copy} />
      <ApiTokenList
        emptyText="You have no API tokens."
        onRevoked={(token) => {
          if (created?.api_token.id === token.id) setCreated(null);
          flash('success', `API token "${token.name}" revoked`);
        }}
      />
      {isCreating && (
        <CreateApiTokenDialog
          onClose={() => setIsCreating(false)}
          onCreated={(result) => {
            setIsCreating(false);
            setCreated(result);
          }}
        />
      )}
    </Panel>
  );
}
