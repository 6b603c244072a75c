// The console's 'zod' (vite.config.ts aliases every import of it here, the contract's included). An object
// schema reads at construction whether to compile its parser with `new Function`, which the console's CSP
// refuses and the browser reports as a violation even though zod catches it. Configured here, between zod's
// own evaluation and that of any module importing it, jitless holds before the first schema is built, however
// the bundler splits the chunks. (Configured from main.tsx it did not: when zod and the contract share a chunk,
// that chunk runs before main's code.)
import { z } from 'zod/v4';

z.config({ jitless: true });

export * from 'zod/v4';
export { z, z as default };
