/** Every vendor name the product shows, in one place so a deployment can change them (spec README). */
export const BRAND = {
  product: 'HI-VQE Console',
  cloud: 'AWS',
  quantumService: 'Amazon Braket',
  vendor: 'IQM',
  vendorCloud: 'IQM Resonance',
  marketplace: 'AWS Marketplace',
  templateService: 'cloudformation',
  serviceBucketPrefix: 'amazon-braket',
  logEngine: 'elasticsearch',
  usernameClaim: 'cognito:username',
} as const;
