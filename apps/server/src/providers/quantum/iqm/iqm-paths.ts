/**
 * Every IQM Resonance path the server calls. IQM's API has moved between versions, so a change of paths
 * belongs here and nowhere else. A quantum computer's API lives under its lower-case name, e.g.
 * `{base}/garnet/jobs`.
 */
const root = (computer: string): string => `/${encodeURIComponent(computer.toLowerCase())}`;
const job = (computer: string, id: string): string => `${root(computer)}/jobs/${encodeURIComponent(id)}`;

export const IQM_PATHS = {
  submit: (computer: string): string => `${root(computer)}/jobs`,
  status: (computer: string, id: string): string => `${job(computer, id)}/status`,
  counts: (computer: string, id: string): string => `${job(computer, id)}/counts`,
  abort: (computer: string, id: string): string => `${job(computer, id)}/abort`,
  quantumArchitecture: (computer: string): string => `${root(computer)}/quantum-architecture`,
} as const;
