import { benchAuth } from './auth.ts';
import { benchJobs } from './jobs.ts';
import { benchListAgainstHealth } from './list-vs-health.ts';
import { benchQueue } from './queue.ts';

await benchAuth();
await benchJobs();
await benchListAgainstHealth();
await benchQueue();
