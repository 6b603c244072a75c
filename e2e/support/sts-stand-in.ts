import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * The platform's STS for a console process whose Braket, S3 and CloudWatch Logs are the AWS stand-in: every
 * AssumeRole (the SDK's query protocol) answers temporary credentials for the role asked. The server reaches it
 * through the SDK's own AWS_ENDPOINT_URL_STS.
 */
export async function startStsStandIn() {
  const assumed: string[] = [];
  const server = createServer((request, response) => {
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => (body += chunk));
    request.on('end', () => {
      const form = new URLSearchParams(body);
      const roleArn = form.get('RoleArn') ?? '';
      assumed.push(roleArn);
      const account = roleArn.split(':')[4] ?? '000000000000';
      const session = form.get('RoleSessionName') ?? 'session';
      response.writeHead(200, { 'content-type': 'text/xml' });
      response.end(
        `<AssumeRoleResponse xmlns="https://sts.amazonaws.com/doc/2011-06-15/"><AssumeRoleResult>` +
          `<Credentials><AccessKeyId>ASIASTANDINSTANDIN12</AccessKeyId><SecretAccessKey>stand-in</SecretAccessKey>` +
          `<SessionToken>stand-in</SessionToken><Expiration>${new Date(Date.now() + 900_000).toISOString()}</Expiration></Credentials>` +
          `<AssumedRoleUser><Arn>arn:aws:sts::${account}:assumed-role/stand-in/${session}</Arn>` +
          `<AssumedRoleUserId>AROASTANDIN:${session}</AssumedRoleUserId></AssumedRoleUser>` +
          `</AssumeRoleResult><ResponseMetadata><RequestId>stand-in</RequestId></ResponseMetadata></AssumeRoleResponse>`,
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    assumed,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
