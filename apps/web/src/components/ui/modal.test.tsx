import { render, screen, waitFor } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { tabThrough } from '../../test/focus.ts';
import { Modal } from './modal.tsx';

/** A page with a button behind the dialog and the button that opens it. */
function Page({ description }: { description?: string }) {
  const [isOpen, setIsOpen] = useState(false);
  return (
    <main>
      <button type="button">Behind</button>
      <button type="button" onClick={() => setIsOpen(true)}>
        Open
      </button>
      {isOpen && (
        <Modal title="Rename Job" description={description} onClose={() => setIsOpen(false)}>
          <label>
            Name
            <input />
          </label>
          <button type="button">Save</button>
        </Modal>
      )}
    </main>
  );
}

async function openFromKeyboard(description?: string) {
  const user = userEvent.setup();
  render(<Page description={description} />);
  screen.getByRole('button', { name: 'Open' }).focus();
  await user.keyboard('{Enter}');
  return { user, dialog: screen.getByRole('dialog', { name: 'Rename Job' }) };
}

describe('Modal', () => {
  it('moves focus to its first field when it opens', async () => {
    await openFromKeyboard();

    await waitFor(() => expect(screen.getByLabelText('Name')).toHaveFocus());
  });

  it('keeps Tab and Shift+Tab inside the dialog, wrapping at either end', async () => {
    const { user } = await openFromKeyboard();
    const name = screen.getByLabelText('Name');
    const save = screen.getByRole('button', { name: 'Save' });
    const close = screen.getByRole('button', { name: 'Close' });
    await waitFor(() => expect(name).toHaveFocus());

    expect(await tabThrough(user, 4)).toEqual([save, close, name, save]);
    expect(await tabThrough(user, 3, { backwards: true })).toEqual([name, close, save]);
  });

  it('closes on Escape and gives focus back to the button that opened it', async () => {
    const { user } = await openFromKeyboard();
    await waitFor(() => expect(screen.getByLabelText('Name')).toHaveFocus());

    await user.keyboard('{Escape}');

    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Open' })).toHaveFocus());
  });

  it('closes from its × button, and focus goes back to the opener', async () => {
    const { user } = await openFromKeyboard();

    await user.click(screen.getByRole('button', { name: 'Close' }));

    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Open' })).toHaveFocus());
  });

  it('stays open when the page beside it is clicked, so a half-filled form is not lost', async () => {
    await openFromKeyboard();
    // The dialog turns pointer events off behind it, so a real click lands on no control; make one anyway.
    const user = userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never });

    await user.click(screen.getByRole('button', { name: 'Behind', hidden: true }));

    expect(screen.getByRole('dialog', { name: 'Rename Job' })).toBeInTheDocument();
  });

  it('is named by its title and described by its description, when it has one', async () => {
    const { dialog } = await openFromKeyboard('The new name is shown in the job list.');

    expect(dialog).toHaveAccessibleName('Rename Job');
    expect(dialog).toHaveAccessibleDescription('The new name is shown in the job list.');
    expect(dialog).toHaveAttribute('aria-modal', 'true');
  });

  it('has no description to announce when it is given none', async () => {
    const { dialog } = await openFromKeyboard();

    expect(dialog).not.toHaveAttribute('aria-describedby');
  });

  it('hides the page behind it from assistive technology until it closes', async () => {
    const { user } = await openFromKeyboard();

    expect(screen.queryByRole('button', { name: 'Behind' })).not.toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.getByRole('button', { name: 'Behind' })).toBeInTheDocument();
  });

  it('adds no <style> element, which the console CSP (style-src self) would refuse', async () => {
    const before = document.querySelectorAll('style').length;

    await openFromKeyboard();

    expect(document.querySelectorAll('style')).toHaveLength(before);
  });
});
