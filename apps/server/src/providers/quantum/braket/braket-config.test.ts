import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../../config.ts';

const IMAGE = '123456789012.dkr.ecr.us-east-1.amazonaws.com/hivqe:1';

describe('Braket settings', () => {
  it('take JOB_BACKEND=braket with a container image, and the execution role by convention', () => {
    expect(loadConfig({ JOB_BACKEND: 'braket', BRAKET_CONTAINER_IMAGE: IMAGE })).toMatchObject({
      JOB_BACKEND: 'braket',
      BRAKET_CONTAINER_IMAGE: IMAGE,
      BRAKET_EXECUTION_ROLE_NAME: 'service-role/AmazonBraketJobsExecutionRole',
    });
    expect(
      loadConfig({
        JOB_BACKEND: 'braket',
        BRAKET_CONTAINER_IMAGE: IMAGE,
        BRAKET_EXECUTION_ROLE_NAME: 'HivqeJobs',
      }).BRAKET_EXECUTION_ROLE_NAME,
    ).toBe('HivqeJobs');
  });

  it('refuse braket without an image, naming both settings', () => {
    expect(() => loadConfig({ JOB_BACKEND: 'braket' })).toThrow(ConfigError);
    expect(() => loadConfig({ JOB_BACKEND: 'braket' })).toThrow(
      /JOB_BACKEND: braket needs BRAKET_CONTAINER_IMAGE/,
    );
  });

  it('refuse an execution role name with characters IAM does not allow', () => {
    expect(() =>
      loadConfig({
        JOB_BACKEND: 'braket',
        BRAKET_CONTAINER_IMAGE: IMAGE,
        BRAKET_EXECUTION_ROLE_NAME: 'bad role',
      }),
    ).toThrow(/BRAKET_EXECUTION_ROLE_NAME:/);
  });
});
