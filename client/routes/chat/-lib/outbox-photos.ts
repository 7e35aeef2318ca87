/**
 * The photos of unsent messages, kept in this page's memory by client_id. localStorage holds
 * text, not files, so a photo does not outlive the page: after a reload its outbox entry says
 * so (m.chatPhotos.notKept) and a retry sends what text it had.
 */
const photos = new Map<string, { file: File; url: string | null }>();

export function keepPhoto(clientId: string, file: File): void {
  photos.set(clientId, { file, url: null });
}

export function photoOf(clientId: string): File | null {
  return photos.get(clientId)?.file ?? null;
}

/** A preview address for the pending bubble, made once per photo. */
export function photoPreview(clientId: string): string | null {
  const entry = photos.get(clientId);
  if (!entry) return null;
  entry.url ??= URL.createObjectURL(entry.file);
  return entry.url;
}

export function forgetPhoto(clientId: string): void {
  const entry = photos.get(clientId);
  if (entry?.url) URL.revokeObjectURL(entry.url);
  photos.delete(clientId);
}
