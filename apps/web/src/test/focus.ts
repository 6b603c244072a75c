import type { UserEvent } from '@testing-library/user-event';
import { expect } from 'vitest';

/** Presses Tab (Shift+Tab when `backwards`) `presses` times; answers what had focus after each press. */
export async function tabThrough(user: UserEvent, presses: number, { backwards = false } = {}) {
  const visited: (Element | null)[] = [];
  for (let press = 0; press < presses; press += 1) {
    await user.tab({ shift: backwards });
    visited.push(document.activeElement);
  }
  return visited;
}

/** Tabs `presses` times forwards, then as many backwards, expecting focus never to leave `dialog`. */
export async function expectTabKeptIn(user: UserEvent, dialog: HTMLElement, presses: number) {
  for (const backwards of [false, true]) {
    for (const focused of await tabThrough(user, presses, { backwards })) {
      expect(dialog).toContainElement(focused as HTMLElement | null);
    }
  }
}
