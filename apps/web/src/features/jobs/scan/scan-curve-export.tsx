import { scanCurveCsv, scanCurveFileName, scanCurveJson, type ScanResponse } from '@hivqe/contract';
import { useState, type RefObject } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { downloadFile } from '../../account/download-file.ts';
import { figurePng, figureSvg } from '../chart-export.ts';
import { curveLegend } from './potential-energy-curve.tsx';
import { scanCurveRows } from './scan-curve-data.ts';

export const CURVE_EXPORT_FAILED = 'Failed to export the curve';
const TITLE = 'Potential Energy Curve';

interface ScanCurveExportProps {
  scan: ScanResponse;
  /** The element holding the drawn chart (its SVG surface is what the figure copies). */
  chart: RefObject<HTMLElement | null>;
}

/**
 * The scan's curve as files (issue 30 §4): the data as CSV and JSON, the same bytes as the API's
 * `GET /hi-vqe/hybrid-jobs/scan?format=`, and the chart as SVG and PNG (drawn here, from the page's SVG).
 */
export function ScanCurveExport({ scan, chart }: ScanCurveExportProps) {
  const [failed, setFailed] = useState<string | null>(null);
  const rows = scanCurveRows(scan);
  const drawn = curveLegend(rows).length > 0;

  async function exportFigure(format: 'svg' | 'png') {
    setFailed(null);
    try {
      // The plot's own surface, not the on-screen legend's icons (also SVG surfaces); the file draws its legend.
      const surface = chart.current?.querySelector<SVGSVGElement>('.recharts-wrapper > svg.recharts-surface');
      if (!surface) throw new Error('the chart is not drawn');
      const figure = figureSvg([surface], `${TITLE} - ${scan.scan_name}`, curveLegend(rows));
      const name = scanCurveFileName(scan, format);
      if (format === 'svg') downloadFile(name, figure.markup, 'image/svg+xml');
      else downloadFile(name, await figurePng(figure), 'image/png');
    } catch (error) {
      setFailed(
        error instanceof Error && error.message
          ? `${CURVE_EXPORT_FAILED}: ${error.message}`
          : CURVE_EXPORT_FAILED,
      );
    }
  }

  const small = 'px-2 py-1 text-xs';
  return (
    <div className="space-y-1">
      <div role="group" aria-label="Export curve" className="flex flex-wrap gap-1">
        <Button
          variant="secondary"
          className={small}
          onClick={() => downloadFile(scanCurveFileName(scan, 'csv'), scanCurveCsv(scan), 'text/csv')}
        >
          Curve (CSV)
        </Button>
        <Button
          variant="secondary"
          className={small}
          onClick={() => downloadFile(scanCurveFileName(scan, 'json'), scanCurveJson(scan))}
        >
          Curve (JSON)
        </Button>
        {drawn && (
          <>
            <Button variant="secondary" className={small} onClick={() => void exportFigure('svg')}>
              Export SVG
            </Button>
            <Button variant="secondary" className={small} onClick={() => void exportFigure('png')}>
              Export PNG
            </Button>
          </>
        )}
      </div>
      {failed && (
        <p role="alert" className="text-sm text-red-700">
          {failed}
        </p>
      )}
    </div>
  );
}
