/**
 * How long a saved file's object URL outlives the click. Chromium starts the download after the click returns and
 * reads the blob then; revoking the URL at once lost the file on a loaded machine (no download began at all).
 */
const OBJECT_URL_LIFETIME_MS = 60_000;

/** Saves `content` (text, or a Blob such as a PNG) as a file through the browser's download, without a server round trip. */
export function downloadFile(filename: string, content: BlobPart, type = 'application/json'): void {
  const url = URL.createObjectURL(new Blob([content], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), OBJECT_URL_LIFETIME_MS);
}
