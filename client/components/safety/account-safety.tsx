import { m } from "../../../common/messages";
import { BlockedPeople } from "./blocked-people";
import { ChangePasswordForm } from "./change-password-form";
import { DeleteAccountForm } from "./delete-account-form";
import { SignOutEverywhere } from "./sign-out-everywhere";

/** The profile's safety part: blocked people, then the account controls. */
export function AccountSafety() {
  return (
    <div className="safety">
      <BlockedPeople />
      <section className="card-panel safety__panel" aria-labelledby="account-safety-title">
        <h2 className="safety__title" id="account-safety-title">
          {m.safetyPage.accountTitle}
        </h2>
        <ChangePasswordForm />
        <SignOutEverywhere />
        <DeleteAccountForm />
      </section>
    </div>
  );
}
