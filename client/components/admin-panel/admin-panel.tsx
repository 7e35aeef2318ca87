import { m } from "../../messages";

/**
 * The admin panel's contents. A placeholder: the admin tools (owner requests, users, dummy
 * accounts) replace it. Loaded only when an admin opens the panel.
 */
export default function AdminPanel() {
  return (
    <div className="admin-panel__content">
      <p>{m.web.admin.placeholder}</p>
    </div>
  );
}
