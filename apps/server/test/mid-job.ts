/** What test/worker-process.ts prints once a job is surely in the middle of its run (an energy point is stored). */
export const MID_JOB_LINE = 'first energy point stored';
