/** Saves `content` (text, or a Blob such as a PNG) as a file through the browser's download, without a server round trip. */
export function downloadFile(filename: string, content: BlobPart, type = 'application/json'): void {
  const url = URL.createObjectURL(new Blob([content], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}
