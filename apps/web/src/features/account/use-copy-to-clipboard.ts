import { useCallback } from 'react';
import type { BannerTone } from '../../components/ui/banner.tsx';

/** Copies a value and reports '{label} copied to clipboard!' or 'Failed to copy to clipboard' through `flash`. */
export function useCopyToClipboard(flash: (tone: BannerTone, text: string) => void) {
  return useCallback(
    async (label: string, value: string) => {
      try {
        await navigator.clipboard.writeText(value);
        flash('success', `${label} copied to clipboard!`);
      } catch {
        flash('error', 'Failed to copy to clipboard');
      }
    },
    [flash],
  );
}
