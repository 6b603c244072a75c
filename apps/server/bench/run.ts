import { benchAuth } from './auth.ts';

await benchAuth();
