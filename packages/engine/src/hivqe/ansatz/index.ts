import type { Circuit } from '../circuit.ts';
import { layoutSize } from '../layout.ts';
import type { AnsatzName, Entanglement } from '../params.ts';
import { epaBlockCounts, epaCircuit } from './epa.ts';
import { hardwareEfficientBlockCounts, hardwareEfficientCircuit } from './hardware-efficient.ts';
import type { ActiveSpace } from './space.ts';
import { uccsdBlockCounts, uccsdCircuit } from './uccsd.ts';

export interface AnsatzChoice {
  ansatz: AnsatzName;
  entanglement: Entanglement;
  reps: number;
}

/** Amplitudes the state vector of this ansatz holds, known before anything is allocated. */
export function stateVectorSize(space: ActiveSpace, choice: AnsatzChoice): number {
  return layoutSize(space.norb, blockCounts(space, choice));
}

function blockCounts(space: ActiveSpace, choice: AnsatzChoice): Array<[number, number]> {
  switch (choice.ansatz) {
    case 'epa':
      return epaBlockCounts(space, choice.entanglement);
    case 'hardware_efficient':
      return hardwareEfficientBlockCounts(space);
    case 'uccsd':
      return uccsdBlockCounts(space);
  }
}

/** The ansatz circuit on the Hartree–Fock state; `entanglement` does not apply to UCCSD. */
export function buildAnsatz(space: ActiveSpace, choice: AnsatzChoice): Circuit {
  switch (choice.ansatz) {
    case 'epa':
      return epaCircuit(space, choice.entanglement, choice.reps);
    case 'hardware_efficient':
      return hardwareEfficientCircuit(space, choice.entanglement, choice.reps);
    case 'uccsd':
      return uccsdCircuit(space, choice.reps);
  }
}
