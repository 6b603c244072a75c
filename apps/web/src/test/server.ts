import { API_BASE } from '@hivqe/contract';
import { setupServer } from 'msw/node';

/** The network of every web test: each test declares the answers it needs with `server.use`. */
export const server = setupServer();

export const apiPath = (path: string) => `${API_BASE}${path}`;
