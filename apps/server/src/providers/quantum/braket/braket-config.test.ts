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

  it("refuse, in one line, an image Braket's CreateJob would not take, and take tags and digests", () => {
    const digest = `123456789012.dkr.ecr.eu-north-1.amazonaws.com/team/hi-vqe@sha256:${'0f'.repeat(32)}`;
    for (const image of [IMAGE, digest, '123456789012.dkr.ecr.us-west-2.amazonaws.com/a.b_c/d-e:v1.2_3']) {
      expect(
        loadConfig({ JOB_BACKEND: 'braket', BRAKET_CONTAINER_IMAGE: image }).BRAKET_CONTAINER_IMAGE,
      ).toBe(image);
      // The model's own pattern (braket-2019-09-01.json, Uri): what is taken here, Braket takes too.
      expect(image).toMatch(/^\d{10,14}\.dkr\.ecr.[a-z0-9-]+\.amazonaws\.com\/.+(@sha256)?:.+$/);
    }
    for (const image of [
      'hi-vqe/engine:latest',
      'public.ecr.aws/hivqe/engine:1',
      '123456789012.dkr.ecr.us-east-1.amazonaws.com/hivqe',
      '123456789012.dkr.ecr.us-east-1.amazonaws.com/hivqe@sha256:abc',
      '12345.dkr.ecr.us-east-1.amazonaws.com/hivqe:1',
      '123456789012.dkr.ecr.us-east-1.amazonaws.com/HiVQE:1',
      `123456789012.dkr.ecr.us-east-1.amazonaws.com/${'a'.repeat(240)}:1`,
    ]) {
      let message = '';
      try {
        loadConfig({ JOB_BACKEND: 'braket', BRAKET_CONTAINER_IMAGE: image });
      } catch (error) {
        expect(error).toBeInstanceOf(ConfigError);
        message = (error as Error).message;
      }
      expect(message, image).toBe(
        'Invalid configuration:\n  BRAKET_CONTAINER_IMAGE: must be an ECR image Braket can run, <account>.dkr.ecr.<region>.amazonaws.com/<repository>:<tag> or …/<repository>@sha256:<64 hex digits>',
      );
    }
  });
});
