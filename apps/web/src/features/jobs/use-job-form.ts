import type { JobForm } from '@hivqe/contract';
import { useCallback, useState } from 'react';

/** The state of one creation form: the contract's JobForm, patched field by field. */
export function useJobForm(initial: JobForm | (() => JobForm)) {
  const [form, setForm] = useState(initial);
  const update = useCallback(
    (patch: Partial<JobForm>) => setForm((current) => ({ ...current, ...patch })),
    [],
  );
  return { form, update };
}
