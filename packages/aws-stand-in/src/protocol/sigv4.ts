/**
 * The service a SigV4-signed request is for: the fourth field of the credential scope
 * (`Credential=AKID/20250101/us-east-1/braket/aws4_request`). Signatures are not verified: the stand-in
 * trusts any credentials.
 */
export function signedService(authorization: string | undefined): string | undefined {
  return /Credential=[^/]+\/\d{8}\/[^/]+\/([^/]+)\/aws4_request/.exec(authorization ?? '')?.[1];
}
