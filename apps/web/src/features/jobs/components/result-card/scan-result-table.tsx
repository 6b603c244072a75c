import type { MoleculeResult } from '@hivqe/contract';
import { DataTable, SENTENCE_CELL, type Column } from '../../../../components/ui/data-table.tsx';
import { moleculeValues, type MoleculeValues } from './molecule-values.tsx';

interface ScanRow {
  key: string;
  bond: string;
  values: MoleculeValues;
}

const COLUMNS: readonly Column<ScanRow>[] = [
  { header: 'Bond length (Å)', cell: (row) => row.bond },
  { header: 'Final energy', cell: (row) => row.values.final, className: 'whitespace-nowrap' },
  { header: 'RHF energy', cell: (row) => row.values.rhf, className: 'whitespace-nowrap' },
  { header: 'Reference energy', cell: (row) => row.values.reference, className: SENTENCE_CELL },
  { header: 'Error', cell: (row) => row.values.error, className: SENTENCE_CELL },
  { header: 'Subspace', cell: (row) => row.values.subspace },
  { header: 'Iterations', cell: (row) => row.values.iterations },
  { header: 'CPU time', cell: (row) => row.values.cpu, className: 'whitespace-nowrap' },
];

/** A scan's result: one row per molecule, in the order the engine runs them. */
export function ScanResultTable({
  molecules,
  absent,
}: {
  molecules: readonly MoleculeResult[];
  absent: string;
}) {
  const rows = molecules.map((molecule, index) => ({
    key: `${index}`,
    bond: molecule.geometry_tag ?? molecule.molecule_geometry,
    values: moleculeValues(molecule, absent),
  }));
  return <DataTable label="Result per molecule" columns={COLUMNS} rows={rows} rowKey={(row) => row.key} />;
}
