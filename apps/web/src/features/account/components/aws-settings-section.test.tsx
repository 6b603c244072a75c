import { accessRoleTemplate, BRAKET_REGIONS, type AccountSettingsResponse } from '@hivqe/contract';
import { act, screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answerConfirmation } from '../../../test/confirmation.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { apiPath, server } from '../../../test/server.ts';
import { signedInAs, SYSTEM_ADMIN } from '../../../test/session.ts';
import {
  ACCOUNT_ID,
  EXTERNAL_ID,
  OWN_SETTINGS,
  PLATFORM_SETTINGS,
  settingsServer,
} from '../testing/settings-server.ts';

const TITLE = 'AWS Account Configuration';
const section = () => screen.getByRole('heading', { name: TITLE }).closest('section')!;

async function openAsAdmin(
  settings: AccountSettingsResponse,
  options?: Parameters<typeof settingsServer>[1],
) {
  signedInAs(SYSTEM_ADMIN);
  const backend = settingsServer(settings, options);
  const view = renderApp('/?section=account');
  await screen.findByRole('heading', { name: TITLE });
  return { ...view, backend, aws: within(section()) };
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('AWS account configuration section', () => {
  it('is not shown to a user who is not a system administrator, and their settings are not fetched', async () => {
    signedInAs();
    const backend = settingsServer(OWN_SETTINGS);
    renderApp('/?section=account');
    await screen.findByRole('heading', { name: 'Roles & Permissions' });

    expect(screen.queryByRole('heading', { name: TITLE })).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'IQM API Key' })).not.toBeInTheDocument();
    expect(backend.calls).toEqual([]);
  });

  it("shows a system administrator's own settings with every value", async () => {
    const { aws } = await openAsAdmin(OWN_SETTINGS);

    expect(aws.getByText('Account ID').nextSibling).toHaveTextContent(ACCOUNT_ID);
    expect(aws.getByText('Region').nextSibling).toHaveTextContent('eu-north-1');
    expect(aws.getByText('Role ARN').nextSibling).toHaveTextContent(
      `arn:aws:iam::${ACCOUNT_ID}:role/HI-VQE-Access-Role`,
    );
    expect(aws.getByText('External ID').nextSibling).toHaveTextContent(EXTERNAL_ID);
    expect(aws.getByRole('button', { name: 'Update' })).toBeInTheDocument();
    expect(aws.getByRole('button', { name: 'Delete' })).toBeInTheDocument();
    expect(aws.getByRole('button', { name: 'Download CloudFormation Template' })).toBeInTheDocument();
    expect(aws.queryByRole('button', { name: 'Test Connection' })).not.toBeInTheDocument();
  });

  it("says when jobs run in the platform's account, and offers to configure one", async () => {
    const { aws } = await openAsAdmin(PLATFORM_SETTINGS);

    expect(aws.getByRole('status')).toHaveTextContent(
      "You have no AWS account configured: jobs run on this server's local back end, in the platform's account.",
    );
    // The platform's account and a role ARN in it are not the user's settings: nothing to show or copy.
    expect(aws.queryByText('Account ID')).not.toBeInTheDocument();
    expect(aws.queryByText('Role ARN')).not.toBeInTheDocument();
    expect(section()).not.toHaveTextContent('000000000000');
    expect(aws.queryByRole('button', { name: /^Copy / })).not.toBeInTheDocument();
    expect(aws.queryByText('External ID')).not.toBeInTheDocument();
    expect(aws.getByRole('button', { name: 'Configure' })).toBeInTheDocument();
    expect(aws.queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
    expect(aws.queryByRole('button', { name: 'Download CloudFormation Template' })).not.toBeInTheDocument();
  });

  it("says 'AWS account configuration not found' when the deployment has no platform account", async () => {
    const none = { ...PLATFORM_SETTINGS, source: null, account_id: null, aws_region: null, role_arn: null };
    const { aws } = await openAsAdmin(none);

    expect(
      aws.getByText('AWS account configuration not found. Please configure your AWS account first.'),
    ).toBeInTheDocument();
    expect(aws.queryByText('Account ID')).not.toBeInTheDocument();
  });

  describe('copy to clipboard', () => {
    it("says '{label} copied to clipboard!' for 3 seconds", async () => {
      vi.useFakeTimers({ shouldAdvanceTime: true });
      const { user, aws } = await openAsAdmin(OWN_SETTINGS);
      const writeText = vi.spyOn(navigator.clipboard, 'writeText');

      await user.click(aws.getByRole('button', { name: 'Copy External ID' }));

      expect(writeText).toHaveBeenCalledWith(EXTERNAL_ID);
      expect(aws.getByText('External ID copied to clipboard!')).toBeInTheDocument();
      act(() => vi.advanceTimersByTime(2900));
      expect(aws.getByText('External ID copied to clipboard!')).toBeInTheDocument();
      act(() => vi.advanceTimersByTime(200));
      expect(aws.queryByText('External ID copied to clipboard!')).not.toBeInTheDocument();

      await user.click(aws.getByRole('button', { name: 'Copy Role ARN' }));
      expect(writeText).toHaveBeenLastCalledWith(`arn:aws:iam::${ACCOUNT_ID}:role/HI-VQE-Access-Role`);
      expect(aws.getByText('Role ARN copied to clipboard!')).toBeInTheDocument();
    });

    it("says 'Failed to copy to clipboard' for 3 seconds when the browser refuses", async () => {
      vi.useFakeTimers({ shouldAdvanceTime: true });
      const { user, aws } = await openAsAdmin(OWN_SETTINGS);
      vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new Error('denied'));

      await user.click(aws.getByRole('button', { name: 'Copy Account ID' }));

      expect(await aws.findByRole('alert')).toHaveTextContent('Failed to copy to clipboard');
      act(() => vi.advanceTimersByTime(3000));
      expect(aws.queryByText('Failed to copy to clipboard')).not.toBeInTheDocument();
    });
  });

  describe('update modal', () => {
    it('takes digits only, at most 12, and enables Update only with 12 digits and a region', async () => {
      const { user, aws } = await openAsAdmin(PLATFORM_SETTINGS);
      await user.click(aws.getByRole('button', { name: 'Configure' }));
      const dialog = within(screen.getByRole('dialog', { name: 'Update AWS Settings' }));
      const accountId = dialog.getByLabelText('Account ID');
      const region = dialog.getByLabelText('Region');
      const update = dialog.getByRole('button', { name: 'Update' });

      expect(accountId).toHaveValue('');
      expect(region).toHaveValue('');
      expect(
        within(region)
          .getAllByRole('option')
          .map((option) => option.textContent),
      ).toEqual(['Select a region', ...BRAKET_REGIONS]);
      expect(update).toBeDisabled();

      await user.type(accountId, 'ab12-34');
      expect(accountId).toHaveValue('1234');
      expect(dialog.getByText('Please enter a valid 12-digit AWS Account ID.')).toBeInTheDocument();
      await user.selectOptions(region, 'us-west-2');
      expect(update).toBeDisabled();

      await user.type(accountId, '5678901234567');
      expect(accountId).toHaveValue('123456789012');
      expect(dialog.queryByText('Please enter a valid 12-digit AWS Account ID.')).not.toBeInTheDocument();
      expect(update).toBeEnabled();

      await user.selectOptions(region, '');
      expect(update).toBeDisabled();
    });

    it("saves the account for the signed-in user, then says 'Account settings updated successfully!'", async () => {
      const { user, aws, backend } = await openAsAdmin(OWN_SETTINGS);
      await user.click(aws.getByRole('button', { name: 'Update' }));
      const dialog = within(screen.getByRole('dialog', { name: 'Update AWS Settings' }));
      expect(dialog.getByLabelText('Account ID')).toHaveValue(ACCOUNT_ID);
      expect(dialog.getByLabelText('Region')).toHaveValue('eu-north-1');

      await user.clear(dialog.getByLabelText('Account ID'));
      await user.type(dialog.getByLabelText('Account ID'), '210987654321');
      await user.selectOptions(dialog.getByLabelText('Region'), 'us-east-1');
      await user.click(dialog.getByRole('button', { name: 'Update' }));

      expect(await aws.findByText('Account settings updated successfully!')).toBeInTheDocument();
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
      expect(backend.changes()).toEqual([
        {
          method: 'PUT',
          path: '/account/settings/aws',
          search: '?user_email=',
          body: { account_id: '210987654321', aws_region: 'us-east-1' },
        },
      ]);
      expect(aws.getByText('Role ARN').nextSibling).toHaveTextContent(
        'arn:aws:iam::210987654321:role/HI-VQE-Access-Role',
      );
      expect(backend.calls.filter((call) => call.method === 'GET')).toHaveLength(2);
    });

    it("says 'Failed to update account settings' and keeps the modal open", async () => {
      const { user, aws } = await openAsAdmin(OWN_SETTINGS, { failChanges: { status: 500 } });
      await user.click(aws.getByRole('button', { name: 'Update' }));
      const dialog = screen.getByRole('dialog', { name: 'Update AWS Settings' });
      await user.click(within(dialog).getByRole('button', { name: 'Update' }));

      expect(await within(dialog).findByRole('alert')).toHaveTextContent('Failed to update account settings');
      expect(aws.getByText(ACCOUNT_ID)).toBeInTheDocument();
    });

    it('closes with Cancel without saving', async () => {
      const { user, aws, backend } = await openAsAdmin(OWN_SETTINGS);
      await user.click(aws.getByRole('button', { name: 'Update' }));
      await user.click(
        within(screen.getByRole('dialog', { name: 'Update AWS Settings' })).getByRole('button', {
          name: 'Cancel',
        }),
      );
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
      expect(backend.changes()).toEqual([]);
    });
  });

  describe('delete', () => {
    it('asks first, and Cancel deletes nothing', async () => {
      const { user, aws, backend } = await openAsAdmin(OWN_SETTINGS);
      const dialog = await answerConfirmation(
        user,
        aws.getByRole('button', { name: 'Delete' }),
        'Delete AWS Settings',
        'Cancel',
      );
      expect(dialog).toHaveTextContent(
        'Are you sure you want to delete your AWS settings? This action cannot be undone.',
      );
      expect(backend.changes()).toEqual([]);
    });

    it("deletes the signed-in user's settings and says 'AWS settings deleted successfully!'", async () => {
      const { user, aws, backend } = await openAsAdmin(OWN_SETTINGS);
      await answerConfirmation(
        user,
        aws.getByRole('button', { name: 'Delete' }),
        'Delete AWS Settings',
        'Delete',
      );

      expect(await aws.findByText('AWS settings deleted successfully!')).toBeInTheDocument();
      expect(backend.changes()).toEqual([
        { method: 'DELETE', path: '/account/settings', search: '?user_email=', body: {} },
      ]);
      expect(aws.getByRole('button', { name: 'Configure' })).toBeInTheDocument();
      expect(aws.queryByText('External ID')).not.toBeInTheDocument();
    });

    it("says 'Failed to delete AWS settings' when the server refuses", async () => {
      const { user, aws } = await openAsAdmin(OWN_SETTINGS, { failChanges: { status: 500 } });
      await answerConfirmation(
        user,
        aws.getByRole('button', { name: 'Delete' }),
        'Delete AWS Settings',
        'Delete',
      );
      expect(await aws.findByRole('alert')).toHaveTextContent('Failed to delete AWS settings');
    });
  });

  it('downloads hi-vqe-cloudformation-template.json: the role trusted by the platform with the external id', async () => {
    const { user, aws } = await openAsAdmin(OWN_SETTINGS);
    const blobs: Blob[] = [];
    Object.defineProperty(URL, 'createObjectURL', {
      configurable: true,
      value: (blob: Blob) => {
        blobs.push(blob);
        return 'blob:template';
      },
    });
    Object.defineProperty(URL, 'revokeObjectURL', { configurable: true, value: () => undefined });
    const clicked: { href: string; download: string }[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push({ href: this.href, download: this.download });
    });

    await user.click(aws.getByRole('button', { name: 'Download CloudFormation Template' }));

    expect(clicked).toEqual([{ href: 'blob:template', download: 'hi-vqe-cloudformation-template.json' }]);
    expect(blobs[0].type).toBe('application/json');
    const template = JSON.parse(await blobs[0].text());
    expect(template).toEqual(
      accessRoleTemplate({
        accountId: ACCOUNT_ID,
        platformAccountId: '111122223333',
        externalId: EXTERNAL_ID,
      }),
    );
    const role = template.Resources.HIVQEAccessRole.Properties;
    expect(role.RoleName).toBe('HI-VQE-Access-Role');
    expect(role.AssumeRolePolicyDocument.Statement[0].Condition.StringEquals['sts:ExternalId']).toBe(
      EXTERNAL_ID,
    );
    expect(document.querySelector('a[download]')).toBeNull();
  });

  describe('test connection', () => {
    const withTest = { ...OWN_SETTINGS, connection_test_available: true };

    it("reports that the role was assumed, or AWS's error", async () => {
      const answers = [
        { success: true, message: 'Connection successful: the role was assumed. (arn:aws:sts::x)' },
        { success: false, message: 'AccessDenied: not authorized to perform: sts:AssumeRole' },
      ];
      server.use(
        http.post(apiPath('/account/settings/aws/test'), ({ request }) => {
          expect(new URL(request.url).search).toBe('?user_email=');
          return HttpResponse.json(answers.shift());
        }),
      );
      const { user, aws } = await openAsAdmin(withTest);

      await user.click(aws.getByRole('button', { name: 'Test Connection' }));
      expect(await aws.findByRole('status')).toHaveTextContent(
        'Connection successful: the role was assumed.',
      );
      await user.click(aws.getByRole('button', { name: 'Test Connection' }));
      expect(await aws.findByRole('alert')).toHaveTextContent(
        'AccessDenied: not authorized to perform: sts:AssumeRole',
      );
    });

    it("shows the server's refusal", async () => {
      server.use(
        http.post(apiPath('/account/settings/aws/test'), () =>
          HttpResponse.json({ message: 'Test connection needs the Amazon Braket back end' }, { status: 409 }),
        ),
      );
      const { user, aws } = await openAsAdmin(withTest);
      await user.click(aws.getByRole('button', { name: 'Test Connection' }));
      expect(await aws.findByRole('alert')).toHaveTextContent(
        'Test connection needs the Amazon Braket back end',
      );
    });
  });

  it('says when the settings cannot be loaded', async () => {
    signedInAs(SYSTEM_ADMIN);
    settingsServer(PLATFORM_SETTINGS, { failRead: true });
    renderApp('/?section=account');
    expect(await screen.findByText('Failed to load provider settings')).toBeInTheDocument();
  });
});
