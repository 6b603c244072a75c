import { benchAuth } from './auth.ts';
import { benchJobs } from './jobs.ts';

await benchAuth();
await benchJobs();
