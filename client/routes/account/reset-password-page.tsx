export function ResetPasswordPage() {
  return <div className="page page--narrow" />;
}
