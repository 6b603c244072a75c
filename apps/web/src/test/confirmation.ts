import { screen, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';

/**
 * Clicks `opener`, then `answer` ('Cancel' or the action) in the confirmation dialog named `dialogName`;
 * answers the dialog, for assertions on its text.
 */
export async function answerConfirmation(
  user: UserEvent,
  opener: HTMLElement,
  dialogName: string,
  answer: string,
): Promise<HTMLElement> {
  await user.click(opener);
  const dialog = screen.getByRole('dialog', { name: dialogName });
  await user.click(within(dialog).getByRole('button', { name: answer }));
  return dialog;
}
