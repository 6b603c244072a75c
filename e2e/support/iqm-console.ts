import { sampleNative } from '@hivqe/engine';
import type { Browser } from 'playwright-core';
import {
  GRID_2X3,
  startFakeIqmServer,
  type FakeIqmServer,
  type FakeIqmServerOptions,
} from '../../apps/server/test/fake-iqm-server.ts';
import { launchBrowser } from './browser.ts';
import { startConsole, type Console } from './console.ts';

export interface IqmConsole {
  browser: Browser;
  app: Console;
  /** IQM Resonance on 127.0.0.1, running the circuits on the engine's exact simulator; it accepts `token` only. */
  iqm: FakeIqmServer;
  stop(): Promise<void>;
}

/** A browser and a console whose IQM jobs take their shots from a fake IQM Resonance, polled every 100 ms. */
export async function startIqmConsole(
  adminEmail: string,
  token: string,
  options: Omit<FakeIqmServerOptions, 'token' | 'execute'> = {},
): Promise<IqmConsole> {
  let seed = 0;
  const iqm = await startFakeIqmServer({
    ...options,
    token,
    execute: (circuit, shots) => sampleNative(circuit, GRID_2X3.qubits, shots, seed++),
  });
  const [browser, app] = await Promise.all([
    launchBrowser(),
    startConsole({ ADMIN_EMAIL: adminEmail, IQM_BASE_URL: iqm.baseUrl, IQM_POLL_MS: '100' }),
  ]);
  return {
    browser,
    app,
    iqm,
    stop: async () => {
      await browser.close();
      await app.stop();
      await iqm.close();
    },
  };
}
