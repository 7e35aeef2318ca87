import { Link } from "@tanstack/react-router";
import { m } from "../../../../common/messages";

/** An unknown club id: "Club not found" (HTTP 404 when rendered on the server). */
export function ClubNotFound() {
  return (
    <div className="page">
      <div className="empty-state">
        <p>{m.web.club.notFound}</p>
        <Link to="/clubs" className="button button--secondary">
          {m.web.club.backToClubs}
        </Link>
      </div>
    </div>
  );
}
