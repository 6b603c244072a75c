import {
  MAX_ABS_ENERGY_HA,
  MAX_CHARGE,
  NO_MOLECULE_MESSAGE,
  addBond,
  removeBond,
  renameBond,
  type JobBonds,
} from '@hivqe/contract';
import { useId, useRef, useState } from 'react';
import { Banner } from '../../../../components/ui/banner.tsx';
import { Button } from '../../../../components/ui/button.tsx';
import { FormField } from '../../../../components/ui/form-field.tsx';
import type { JobFieldsProps } from '../../job-form-variants.ts';
import { useMoleculeProblems } from '../../molecule-problems.ts';
import { BondLengthInput } from './bond-length-input.tsx';
import { ReferenceField } from './reference-field.tsx';
import { ScanBuilder } from './scan-builder.tsx';
import { NumberField } from '../../../../components/ui/number-field.tsx';

export const EXACT_ENERGY_HINT =
  "Optional: empty compares with the engine's CASCI energy, when it computes one";
export const CHARGE_HINT =
  'Net charge of every molecule. Closed-shell singlets only: the electrons must pair up.';

/** The energies with `key`'s set, or removed when the field was emptied. */
function withEnergy(energies: Record<string, number>, key: string, energy: number | undefined) {
  const { [key]: _previous, ...others } = energies;
  return energy === undefined ? others : { ...others, [key]: energy };
}

/**
 * A row identity per molecule that survives renaming its bond length: keyed by the length, a renamed row
 * would be a new row, and the field the user tabbed to would vanish under the keyboard (issue 12 §4).
 */
function useRowIds() {
  const ids = useRef(new Map<string, number>());
  const next = useRef(0);
  return {
    of(key: string): number {
      let id = ids.current.get(key);
      if (id === undefined) {
        id = next.current++;
        ids.current.set(key, id);
      }
      return id;
    },
    move(from: string, to: string) {
      const id = ids.current.get(from);
      if (id === undefined) return;
      ids.current.delete(from);
      ids.current.set(to, id);
    },
  };
}

/**
 * Molecules by bond length, each with its geometry and exact energy (jobs.md 2.6, 2.7, 5 'Molecules'):
 * add (the variant names the new bond length), rename (refused when the length exists) and remove.
 */
export function MoleculeList({ form, onChange, variant }: JobFieldsProps) {
  const [error, setError] = useState<string | null>(null);
  const problems = useMoleculeProblems(form);
  const problemId = useId();
  const bonds: JobBonds = { molecules: form.molecules, exactEnergies: form.exactEnergies };
  const keys = Object.keys(form.molecules);
  const rowIds = useRowIds();

  function rename(from: string, to: string): boolean {
    const result = renameBond(bonds, from, to);
    if (!result.ok) {
      setError(result.message);
      return false;
    }
    setError(null);
    const renamed = Object.keys(result.bonds.molecules).find((key) => !Object.hasOwn(bonds.molecules, key));
    if (renamed) rowIds.move(from, renamed);
    onChange(result.bonds);
    return true;
  }

  return (
    <div className="space-y-3">
      {error && (
        <Banner tone="error" onDismiss={() => setError(null)}>
          {error}
        </Banner>
      )}
      <div className="max-w-xs">
        <NumberField
          label="Charge"
          value={form.charge}
          range={{ min: -MAX_CHARGE, max: MAX_CHARGE, integer: true }}
          hint={CHARGE_HINT}
          onChange={(charge) => onChange({ charge })}
        />
      </div>
      {keys.length === 0 && <p className="text-sm text-slate-500">{NO_MOLECULE_MESSAGE}</p>}
      {keys.map((key, index) => (
        <div
          key={rowIds.of(key)}
          role="group"
          aria-label={`Molecule ${index + 1}`}
          className="grid grid-cols-1 items-end gap-3 rounded-md border border-slate-200 p-3 sm:grid-cols-[8rem_1fr_10rem_auto]"
        >
          <BondLengthInput bondKey={key} onRename={(to) => rename(key, to)} />
          <div className="space-y-1">
            <FormField
              label="Geometry"
              value={form.molecules[key]}
              aria-invalid={problems[key] ? true : undefined}
              aria-describedby={problems[key] ? `${problemId}-${index}` : undefined}
              onChange={(event) => onChange({ molecules: { ...form.molecules, [key]: event.target.value } })}
            />
            {problems[key] && (
              <p id={`${problemId}-${index}`} className="text-xs text-red-600">
                {problems[key]}
              </p>
            )}
          </div>
          <NumberField
            optional
            label="Exact Energy (Ha)"
            value={form.exactEnergies[key]}
            range={{ min: -MAX_ABS_ENERGY_HA, max: MAX_ABS_ENERGY_HA }}
            hint={EXACT_ENERGY_HINT}
            onChange={(energy) => onChange({ exactEnergies: withEnergy(form.exactEnergies, key, energy) })}
          />
          <Button variant="secondary" onClick={() => onChange(removeBond(bonds, key))}>
            Remove
          </Button>
        </div>
      ))}
      <Button variant="secondary" onClick={() => onChange(addBond(bonds, variant.nextBondKey(bonds)))}>
        Add Molecule
      </Button>
      {keys.length > 0 && <ScanBuilder template={form.molecules[keys[0]]} onBuild={onChange} />}
      <ReferenceField form={form} onChange={onChange} />
    </div>
  );
}
