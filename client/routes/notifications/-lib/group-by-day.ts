import { formatDayHeading, managuaDay } from "../../../../common/datetime";
import { m } from "../../../../common/messages";

/** Notices under day headings in Managua's time: Today, Yesterday, then the date. */
export function groupByDay<T extends { created_at: string }>(items: T[], now = new Date()) {
  const today = managuaDay(now);
  const yesterday = managuaDay(new Date(now.getTime() - 86_400_000));
  const groups: { day: string; label: string; items: T[] }[] = [];
  for (const item of items) {
    const day = managuaDay(item.created_at);
    let group = groups.at(-1);
    if (group?.day !== day) {
      const label =
        day === today
          ? m.notices.today
          : day === yesterday
            ? m.notices.yesterday
            : formatDayHeading(item.created_at);
      group = { day, label, items: [] };
      groups.push(group);
    }
    group.items.push(item);
  }
  return groups;
}
