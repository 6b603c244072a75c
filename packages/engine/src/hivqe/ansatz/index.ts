import type { Circuit } from '../circuit.ts';
import { layoutSize } from '../layout.ts';
import type { AnsatzName, Entanglement } from '../params.ts';
import { blockCircuit } from './block-circuit.ts';
import { epaBlockCounts, epaProgram } from './epa.ts';
import type { AnsatzProgram } from './gates.ts';
import { hardwareEfficientBlockCounts, hardwareEfficientProgram } from './hardware-efficient.ts';
import type { ActiveSpace } from './space.ts';
import { uccsdBlockCounts, uccsdProgram } from './uccsd.ts';

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
      return epaBlockCounts(space);
    case 'hardware_efficient':
      return hardwareEfficientBlockCounts(space);
    case 'uccsd':
      return uccsdBlockCounts(space);
  }
}

/** The ansatz as a gate list on the Hartree–Fock state; `entanglement` does not apply to UCCSD. */
export function ansatzProgram(space: ActiveSpace, choice: AnsatzChoice): AnsatzProgram {
  switch (choice.ansatz) {
    case 'epa':
      return epaProgram(space, choice.entanglement, choice.reps);
    case 'hardware_efficient':
      return hardwareEfficientProgram(space, choice.entanglement, choice.reps);
    case 'uccsd':
      return uccsdProgram(space, choice.reps);
  }
}

/** The ansatz circuit for the block state-vector simulator. */
export function buildAnsatz(space: ActiveSpace, choice: AnsatzChoice): Circuit {
  return blockCircuit(ansatzProgram(space, choice));
}
