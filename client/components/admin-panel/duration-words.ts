import { format, m } from "../../../common/messages";

/** A duration's non-zero parts in words: "1 día", "2 horas y 30 minutos". */
export function durationWords(duration: { days?: number; hours?: number; minutes?: number }, locale: string) {
  const t = m.auditPage.duration;
  const parts = (
    [
      [duration.days ?? 0, t.days],
      [duration.hours ?? 0, t.hours],
      [duration.minutes ?? 0, t.minutes],
    ] as const
  )
    .filter(([count]) => count > 0)
    .map(([count, template]) => format(template, { count }));
  if (parts.length === 0) return format(t.minutes, { count: 0 });
  return new Intl.ListFormat(locale, { style: "long", type: "conjunction" }).format(parts);
}

/** Every part of a duration, zeros included: the ban entry's preview ("1 día, 0 horas, 0 minutos"). */
export function durationPreview(duration: { days: number; hours: number; minutes: number }): string {
  const t = m.auditPage.duration;
  return [
    format(t.days, { count: duration.days }),
    format(t.hours, { count: duration.hours }),
    format(t.minutes, { count: duration.minutes }),
  ].join(", ");
}
