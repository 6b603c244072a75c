import { useCallback, useEffect, useState } from 'react';
import type { BannerTone } from '../components/ui/banner.tsx';

/** How long feedback banners stay up (accounts.md section 9). */
const FLASH_MESSAGE_MS = 3000;

export interface FlashMessage {
  tone: BannerTone;
  text: string;
}

/** Feedback that clears itself after a few seconds. */
export function useFlashMessage() {
  const [message, setMessage] = useState<FlashMessage | null>(null);

  useEffect(() => {
    if (!message) return;
    const timer = setTimeout(() => setMessage(null), FLASH_MESSAGE_MS);
    return () => clearTimeout(timer);
  }, [message]);

  const flash = useCallback((tone: BannerTone, text: string) => setMessage({ tone, text }), []);
  return { message, flash };
}
