/** What test/worker-process.ts prints once a job is surely in the middle of its run (its energy points are stored). */
export const MID_JOB_LINE = 'energy points stored';
