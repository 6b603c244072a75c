import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { expectTabKeptIn } from '../../../test/focus.ts';
import { renderApp } from '../../../test/render-app.tsx';

describe('sign-up dialog from the keyboard', () => {
  it('holds focus from its e-mail field until Escape, then gives it back to the Sign up link', async () => {
    const { user } = renderApp('/login');
    const opener = screen.getByRole('button', { name: "Don't have an account? Sign up" });
    opener.focus();
    await user.keyboard('{Enter}');
    const dialog = screen.getByRole('dialog', { name: 'Create your account' });

    await waitFor(() => expect(screen.getByLabelText('Email Address')).toHaveFocus());
    await expectTabKeptIn(user, dialog, 8);
    await user.keyboard('{Escape}');

    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await waitFor(() => expect(opener).toHaveFocus());
  });
});
