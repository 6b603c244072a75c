import {
  MAX_SCAN_JOBS,
  buildScanMolecules,
  scanListLengths,
  scanRangeLengths,
  scanTemplateAtoms,
  type GeometryAtom,
  type JobBonds,
  type ScanLengthsResult,
} from '@hivqe/contract';
import { useId, useState } from 'react';
import { Button } from '../../../../components/ui/button.tsx';
import { FormField } from '../../../../components/ui/form-field.tsx';
import { SelectField } from '../../../../components/ui/select-field.tsx';

export const SCAN_BUILDER_HINT =
  "Each geometry is the first molecule's with the chosen bond stretched: its second atom, and the atoms " +
  'beyond it along the bond, move. The molecules listed above are replaced, exact energies included.';

type Mode = 'range' | 'list';

const distance = (a: GeometryAtom, b: GeometryAtom) => Math.hypot(a.x - b.x, a.y - b.y, a.z - b.z);

/** Every pair of atoms, first to second, as the bond drop-down offers them: 'N1–N2 (1.10 Å)'. */
function bondOptions(atoms: readonly GeometryAtom[]) {
  return atoms.flatMap((a, i) =>
    atoms.slice(i + 1).map((b, offset) => {
      const j = i + 1 + offset;
      return {
        value: `${i}-${j}`,
        label: `${a.symbol}${i + 1}–${b.symbol}${j + 1} (${distance(a, b).toFixed(3)} Å)`,
      };
    }),
  );
}

/** A number field's text as a number; NaN for an empty or unreadable entry, which the builder refuses. */
const numberOf = (text: string) => (text.trim() === '' ? Number.NaN : Number(text));

interface ScanBuilderProps {
  /** The first molecule's geometry: the template every length's geometry is built from. */
  template: string;
  onBuild: (bonds: JobBonds) => void;
}

/**
 * Builds a bond scan (issue 30 §5): bond lengths from start, stop and step, or a list, along a bond of the
 * first molecule, each geometry built from it (the contract's buildScanMolecules).
 */
export function ScanBuilder({ template, onBuild }: ScanBuilderProps) {
  const atoms = scanTemplateAtoms(template);
  const options = atoms === null ? [] : bondOptions(atoms);
  const [bond, setBond] = useState('0-1');
  const [mode, setMode] = useState<Mode>('range');
  const [start, setStart] = useState('');
  const [stop, setStop] = useState('');
  const [step, setStep] = useState('');
  const [list, setList] = useState('');
  const [error, setError] = useState<string | null>(null);
  const modeName = useId();
  const chosen = options.some((option) => option.value === bond) ? bond : (options[0]?.value ?? '0-1');

  const lengths = (): ScanLengthsResult =>
    mode === 'range'
      ? scanRangeLengths(numberOf(start), numberOf(stop), numberOf(step), MAX_SCAN_JOBS)
      : scanListLengths(list, MAX_SCAN_JOBS);

  function build() {
    const found = lengths();
    if (!found.ok) return setError(found.message);
    const [from, to] = chosen.split('-').map(Number);
    const built = buildScanMolecules(template, { from, to }, found.lengths);
    if (!built.ok) return setError(built.message);
    setError(null);
    onBuild({ molecules: built.molecules, exactEnergies: {} });
  }

  return (
    <fieldset className="space-y-3 rounded-md border border-dashed border-slate-300 p-3">
      <legend className="px-1 text-sm font-medium text-slate-700">
        Build a scan from the first molecule
      </legend>
      <p className="text-xs text-slate-500">{SCAN_BUILDER_HINT}</p>
      {atoms === null ? (
        <p className="text-sm text-slate-600">
          The first molecule needs a valid geometry with at least two atoms to build a scan from.
        </p>
      ) : (
        <>
          <SelectField label="Bond" value={chosen} options={options} onChange={setBond} />
          <div role="radiogroup" aria-label="Bond lengths from" className="flex flex-wrap gap-4 text-sm">
            {(
              [
                ['range', 'Start, stop and step'],
                ['list', 'A list'],
              ] as const
            ).map(([value, label]) => (
              <label key={value} className="flex items-center gap-1.5">
                <input
                  type="radio"
                  name={modeName}
                  value={value}
                  checked={mode === value}
                  onChange={() => setMode(value)}
                  className="accent-accent-600"
                />
                {label}
              </label>
            ))}
          </div>
          {mode === 'range' ? (
            <div className="grid grid-cols-1 gap-3 sm:grid-cols-3">
              <FormField
                label="Start (Å)"
                inputMode="decimal"
                value={start}
                onChange={(e) => setStart(e.target.value)}
              />
              <FormField
                label="Stop (Å)"
                inputMode="decimal"
                value={stop}
                onChange={(e) => setStop(e.target.value)}
              />
              <FormField
                label="Step (Å)"
                inputMode="decimal"
                value={step}
                onChange={(e) => setStep(e.target.value)}
              />
            </div>
          ) : (
            <FormField
              label="Bond lengths (Å)"
              placeholder="0.9, 1.2, 1.6"
              value={list}
              onChange={(event) => setList(event.target.value)}
            />
          )}
          {error && (
            <p role="alert" className="text-sm text-red-700">
              {error}
            </p>
          )}
          <Button variant="secondary" onClick={build}>
            Build Scan
          </Button>
        </>
      )}
    </fieldset>
  );
}
