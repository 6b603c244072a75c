import { writeFileSync } from 'node:fs';
import { resultDocumentJsonSchema } from '../src/jobs/result-document.ts';

/** Writes docs/result-document.schema.json from the contract's zod schema (see result-document.ts). */
const target = new URL('../../../docs/result-document.schema.json', import.meta.url);
writeFileSync(target, `${JSON.stringify(resultDocumentJsonSchema(), null, 2)}\n`);
console.log(`wrote ${target.pathname}`);
