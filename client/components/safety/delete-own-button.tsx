import Trash2 from "lucide-react/icons/trash-2";
import { ConfirmedActionButton } from "./confirmed-action-button";

/**
 * Deletes one of the user's own things (a message, a comment) after asking. The list removes
 * the item only once the server agreed, so nothing else on the screen (a draft, the scroll
 * position) is touched.
 */
export function DeleteOwnButton({
  label,
  confirmText,
  onDelete,
  className,
}: {
  label: string;
  confirmText: string;
  onDelete: () => Promise<void>;
  className?: string;
}) {
  return (
    <ConfirmedActionButton
      icon={Trash2}
      label={label}
      confirmText={confirmText}
      action={onDelete}
      className={className}
    />
  );
}
