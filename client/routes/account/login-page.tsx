export function LoginPage() {
  return <div className="page page--narrow" />;
}
