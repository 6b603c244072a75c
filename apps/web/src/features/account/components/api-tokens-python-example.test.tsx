import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ApiTokensPythonExample, pythonExampleLines } from './api-tokens-python-example.tsx';

const TOKEN = `hvq_pat_${'p'.repeat(43)}`;

describe('Get started from Python', () => {
  it('shows the import, a client for this console with the token, and a call', () => {
    render(<ApiTokensPythonExample token={TOKEN} onCopy={() => undefined} />);
    expect(screen.getByRole('heading', { name: 'Get started from Python' })).toBeInTheDocument();
    const example = screen.getByLabelText('Python example');
    expect(example.textContent?.split('\n')).toEqual([
      'from hivqe import Client',
      `client = Client('${window.location.origin}', token='${TOKEN}')`,
      'for job in client.list_jobs().jobs: print(job.job_name, job.status)',
    ]);
  });

  it('copies the three lines as they are shown', async () => {
    const onCopy = vi.fn();
    render(<ApiTokensPythonExample token="<your token>" onCopy={onCopy} />);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Copy Python example' }));
    expect(onCopy).toHaveBeenCalledWith(
      'Python example',
      pythonExampleLines(window.location.origin, '<your token>').join('\n'),
    );
    expect(screen.getByLabelText('Python example')).toHaveTextContent("token='<your token>'");
  });
});
