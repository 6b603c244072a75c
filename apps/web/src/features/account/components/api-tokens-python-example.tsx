import { CodeExample } from './code-example.tsx';

/** A Python string literal of a value that holds no quote or backslash (an origin, a token). */
const quoted = (value: string) => `'${value}'`;

/**
 * The three lines a notebook starts from with the hivqe package (clients/python): import it, a client for this
 * console and the token, and one call. Listing works with either scope, so the lines run with any token.
 */
export const pythonExampleLines = (origin: string, token: string) => [
  'from hivqe import Client',
  `client = Client(${quoted(origin)}, token=${quoted(token)})`,
  'for job in client.list_jobs().jobs: print(job.job_name, job.status)',
];

interface ApiTokensPythonExampleProps {
  token: string;
  onCopy: (label: string, text: string) => void;
}

/** Account Settings → API Tokens: "Get started from Python" (issue 28 §7). */
export function ApiTokensPythonExample({ token, onCopy }: ApiTokensPythonExampleProps) {
  return (
    <CodeExample
      title="Get started from Python"
      name="Python example"
      lines={pythonExampleLines(window.location.origin, token)}
      onCopy={onCopy}
    >
      <p className="text-xs text-slate-500">
        The <code>hivqe</code> package is in <code>clients/python</code> of the console&apos;s repository (
        <code>pip install ./clients/python</code>); its README walks through a job and a bond scan.
      </p>
    </CodeExample>
  );
}
