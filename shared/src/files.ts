// Saving a downloaded file in the browser.

/** Saves a Blob as a file: an object URL and a temporary anchor with the download attribute. */
export function saveBlob(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = filename;
  anchor.rel = 'noopener';
  anchor.style.display = 'none';
  document.body.appendChild(anchor);
  try {
    anchor.click();
  } finally {
    anchor.remove();
    // Revoke after the click has been handled, so the download can start.
    setTimeout(() => URL.revokeObjectURL(url), 0);
  }
}
