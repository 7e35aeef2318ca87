/**
 * "maria@example.com" -> "m***a@example.com": enough to recognise, not enough to harvest.
 * Shared so a screen can name the address a code went to even when the send was refused.
 */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf("@");
  if (at <= 0) return "***";
  const local = email.slice(0, at);
  const domain = email.slice(at + 1);
  const shown = local.length <= 2 ? `${local[0]}***` : `${local[0]}***${local[local.length - 1]}`;
  return `${shown}@${domain}`;
}
