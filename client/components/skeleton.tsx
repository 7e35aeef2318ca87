import { m } from "../../common/messages";

/** Grey blocks in the shape of a page, so the layout does not jump when content arrives. */
export function PageSkeleton({ lines = 4 }: { lines?: number }) {
  return (
    <div className="page" aria-busy="true">
      <span className="visually-hidden" role="status">
        {m.shellCommon.loading}
      </span>
      <div className="skeleton skeleton--title" />
      {Array.from({ length: lines }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: static placeholders
        <div key={i} className="skeleton skeleton--line" />
      ))}
    </div>
  );
}

export function CardGridSkeleton({ count = 6 }: { count?: number }) {
  return (
    <div className="card-grid" aria-hidden="true">
      {Array.from({ length: count }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: static placeholders
        <div key={i} className="club-card club-card--skeleton">
          <div className="skeleton skeleton--image" />
          <div className="club-card__body">
            <div className="skeleton skeleton--line" />
            <div className="skeleton skeleton--line skeleton--short" />
          </div>
        </div>
      ))}
    </div>
  );
}
