import { getRouteApi } from "@tanstack/react-router";
import { m } from "../../messages";

const route = getRouteApi("/clubs/$clubId");

export function ClubDetailPage() {
  const { club } = route.useLoaderData();
  if (!club)
    return (
      <div className="page">
        <h1>{m.web.club.notFound}</h1>
      </div>
    );
  return (
    <div className="page">
      <h1 className="page__title">{club.name}</h1>
    </div>
  );
}
