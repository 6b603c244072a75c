import { hash, verify } from '@node-rs/argon2';

// Algorithm.Argon2id; the package's const enum cannot be imported under isolatedModules.
const ARGON2ID = 2;

/** Argon2id with OWASP's minimum (19 MiB, 2 passes); tests may lower the cost, never the algorithm. */
export interface PasswordCost {
  memoryCost: number;
  timeCost: number;
}

export const PRODUCTION_PASSWORD_COST: PasswordCost = { memoryCost: 19_456, timeCost: 2 };

export class Passwords {
  /** Verified against when the user does not exist, so a miss costs as much time as a hit. */
  private decoy: Promise<string>;

  constructor(private readonly cost: PasswordCost = PRODUCTION_PASSWORD_COST) {
    this.decoy = this.hash('decoy-password-never-valid');
  }

  hash(password: string): Promise<string> {
    return hash(password, { algorithm: ARGON2ID, parallelism: 1, ...this.cost });
  }

  async verify(passwordHash: string | undefined, password: string): Promise<boolean> {
    const ok = await verify(passwordHash ?? (await this.decoy), password).catch(() => false);
    return passwordHash !== undefined && ok;
  }
}
