import type { Counts } from '@hivqe/engine';

export interface TaskResultInput {
  taskArn: string;
  deviceArn: string;
  shots: number;
  counts: Counts;
  measuredQubits: number[];
  action: unknown;
  createdAt: string;
  endedAt: string;
  simulator: boolean;
  executionMs: number;
}

/**
 * A `results.json` in the shape of braket.task_result.gate_model_task_result v1: one array of bits per shot,
 * column k being `measuredQubits[k]`. Shots are grouped by outcome (their order carries no meaning).
 */
export function gateModelTaskResult(input: TaskResultInput): Record<string, unknown> {
  const measurements: number[][] = [];
  for (const [bits, count] of Object.entries(input.counts)) {
    const shot = [...bits].map(Number);
    for (let i = 0; i < count; i++) measurements.push(shot);
  }
  return {
    braketSchemaHeader: { name: 'braket.task_result.gate_model_task_result', version: '1' },
    measurements,
    measuredQubits: input.measuredQubits,
    taskMetadata: {
      braketSchemaHeader: { name: 'braket.task_result.task_metadata', version: '1' },
      id: input.taskArn,
      shots: input.shots,
      deviceId: input.deviceArn,
      createdAt: input.createdAt,
      endedAt: input.endedAt,
      status: 'COMPLETED',
    },
    additionalMetadata: {
      action: input.action,
      ...(input.simulator && {
        simulatorMetadata: {
          braketSchemaHeader: { name: 'braket.task_result.simulator_metadata', version: '1' },
          executionDuration: input.executionMs,
        },
      }),
    },
  };
}
