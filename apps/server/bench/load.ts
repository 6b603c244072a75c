import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { LoadRequest, LoadResult } from './load-generator.ts';

/** A load generator in a process of its own: measuring from inside the server's event loop steals its CPU. */
export class LoadGenerator {
  private readonly child: ChildProcess = fork(
    fileURLToPath(new URL('./load-generator.ts', import.meta.url)),
    {
      execArgv: ['--import', 'tsx'],
    },
  );

  run(request: LoadRequest): Promise<LoadResult> {
    return new Promise((resolve, reject) => {
      this.child.once('message', (result: LoadResult) =>
        result.failures > 0
          ? reject(new Error(`${request.url}: ${result.failures} failed requests`))
          : resolve(result),
      );
      this.child.send(request);
    });
  }

  close(): void {
    this.child.kill();
  }
}
