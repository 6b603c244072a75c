-- Issue 30: a running job's result card shows the RHF energy as soon as the engine has it, long before the
-- molecule's result. The runner keeps it beside the computation's checkpoint ({"eRhf", "eNuc"} in Ha), which is
-- removed when the job ends and its stored results say the same.
ALTER TABLE "job_checkpoints" ADD COLUMN "rhf" jsonb;
