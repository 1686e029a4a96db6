/**
 * Saves a downloaded file through a link, as the browser saves any download: under `name`, or the
 * name the server gave it (lib/api.ts answers a named File for a download).
 */
export function saveFile(file: Blob, name = file instanceof File ? file.name : 'download'): void {
  const url = URL.createObjectURL(file);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
