export function ProfileCreatePage() {
  return <div className="page page--narrow" />;
}
