export function ForgotPasswordPage() {
  return <div className="page page--narrow" />;
}
