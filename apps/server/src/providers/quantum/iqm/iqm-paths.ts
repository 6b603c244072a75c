/**
 * Every IQM Server path the server calls (API v1, relative to the server's root, e.g.
 * `https://resonance.iqm.tech`). IQM's API has moved between generations, so a change of paths belongs here
 * and nowhere else. Jobs are submitted to a quantum computer by its alias (`garnet`), then addressed by id
 * alone; the device is the default calibration set's dynamic quantum architecture; health is asked of a
 * quantum computer by its id, which the list of quantum computers gives for its alias.
 */
const API = '/api/v1';
const alias = (computer: string): string => encodeURIComponent(computer.toLowerCase());
const job = (id: string): string => `${API}/jobs/${encodeURIComponent(id)}`;

export const IQM_PATHS = {
  submitCircuits: (computer: string): string => `${API}/jobs/${alias(computer)}/circuit`,
  job,
  measurementCounts: (id: string): string => `${job(id)}/artifacts/measurement_counts`,
  cancel: (id: string): string => `${job(id)}/cancel`,
  /** Not in IQM's clients (decisions.md, issue 26): the jobs on a computer submitted with a client token. */
  jobsByToken: (computer: string, token: string): string =>
    `${API}/jobs?quantum_computer=${alias(computer)}&client_token=${encodeURIComponent(token)}`,
  dynamicQuantumArchitecture: (computer: string): string =>
    `${API}/calibration-sets/${alias(computer)}/default/dynamic-quantum-architecture`,
  quantumComputers: `${API}/quantum-computers`,
  health: (computerId: string): string => `${API}/quantum-computers/${encodeURIComponent(computerId)}/health`,
} as const;
