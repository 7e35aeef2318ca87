export function SignupPage() {
  return <div className="page page--narrow" />;
}
