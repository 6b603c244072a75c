import { z } from 'zod';

// Imported first by main.tsx, before any schema is built: an object schema asks at construction whether eval
// works by trying `new Function`, which the console's CSP refuses and the browser reports as a violation even
// though zod catches it. Jitless, zod never asks and parses without compiled code.
z.config({ jitless: true });
