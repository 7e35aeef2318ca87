import Ban from "lucide-react/icons/ban";
import { format, m } from "../../../common/messages";
import { useApi } from "../../lib/use-resource";
import { useBlocksChanged } from "./block-cache";
import { ConfirmedActionButton } from "./confirmed-action-button";

const t = m.safetyPage;

/**
 * A small Block button beside someone's message or comment. It asks first, blocks silently,
 * then lets the list hide that person's items (`onBlocked`).
 */
export function BlockPersonButton({
  userId,
  name,
  onBlocked,
}: {
  userId: number;
  name: string;
  onBlocked: (userId: number) => void;
}) {
  const api = useApi();
  const blocksChanged = useBlocksChanged();
  return (
    <ConfirmedActionButton
      icon={Ban}
      label={format(t.blockNamed, { name })}
      confirmText={format(t.blockConfirm, { name })}
      action={async () => {
        await api.put(`/api/blocks/${userId}`);
        onBlocked(userId);
        blocksChanged();
      }}
    />
  );
}
