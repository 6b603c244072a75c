import { benchAuth } from './auth.ts';
import { benchJobs } from './jobs.ts';
import { benchQueue } from './queue.ts';

await benchAuth();
await benchJobs();
await benchQueue();
