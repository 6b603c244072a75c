import { vi } from 'vitest';

export interface SavedFile {
  name: string;
  type: string;
  blob: Blob;
  text: Promise<string>;
}

/** The files the browser was asked to save (object URL and a clicked download link), read back. */
export function captureDownloads(): SavedFile[] {
  const saved: SavedFile[] = [];
  const blobs = new Map<string, Blob>();
  Object.defineProperty(URL, 'createObjectURL', {
    configurable: true,
    value: (blob: Blob) => {
      const url = `blob:${blobs.size}`;
      blobs.set(url, blob);
      return url;
    },
  });
  Object.defineProperty(URL, 'revokeObjectURL', { configurable: true, value: () => undefined });
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    const blob = blobs.get(this.getAttribute('href') ?? '')!;
    saved.push({ name: this.download, type: blob.type, blob, text: blob.text() });
  });
  return saved;
}
