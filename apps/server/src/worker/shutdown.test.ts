import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const require = createRequire(import.meta.url);
const shutdown = fileURLToPath(new URL('./shutdown.ts', import.meta.url));

/**
 * A process that calls exitOnSignals with `close` (JavaScript source of an async function) and a bound of
 * `boundMs`, is sent SIGTERM once it says it is ready, and answers its exit code and log messages.
 */
async function signalled(close: string, boundMs: number) {
  const script = [
    `import pino from 'pino';`,
    `import { exitOnSignals } from ${JSON.stringify(shutdown)};`,
    `exitOnSignals(${close}, pino(), ${boundMs});`,
    `setInterval(() => {}, 1000);`,
    `console.log('ready');`,
  ].join('\n');
  const child = spawn(
    process.execPath,
    ['--import', require.resolve('tsx'), '--input-type=module', '--eval', script],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => {
    output += chunk.toString();
    if (output.startsWith('ready')) child.kill('SIGTERM');
  });
  const code = await new Promise<number | null>((resolve) => child.once('close', resolve));
  const messages = output
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => (JSON.parse(line) as { msg: string }).msg);
  return { code, messages };
}

describe('exitOnSignals', () => {
  it('closes on SIGTERM and exits 0', async () => {
    const { code, messages } = await signalled('async () => {}', 60_000);
    expect(code).toBe(0);
    // pino writes asynchronously: the lines are all there, not necessarily in order.
    expect(messages).toContain('shutting down: no new jobs or requests; handing running jobs back');
    expect(messages).toContain('shut down cleanly');
  });

  it('exits 1 with the reason when closing outlasts the bound', async () => {
    const { code, messages } = await signalled('() => new Promise(() => {})', 300);
    expect(code).toBe(1);
    expect(messages).toContain('shutdown did not finish within 300 ms; exiting without finishing it');
    expect(messages).not.toContain('shut down cleanly');
  });

  it('exits 1 with the reason when closing fails', async () => {
    const { code, messages } = await signalled("async () => { throw new Error('database gone'); }", 60_000);
    expect(code).toBe(1);
    expect(messages).toContain('shutdown failed; exiting');
    expect(messages).not.toContain('shut down cleanly');
  });
});
