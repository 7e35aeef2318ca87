/**
 * The client addresses whose failed-log-in budget is spent, remembered by this process until
 * their Retry-After. A flood keeps knocking after its 429s; answering those from memory spares
 * PostgreSQL an upsert and a refund on the address's one (contended) counter row each, which
 * otherwise held pool connections that everyone's requests wait for. The count itself stays in
 * PostgreSQL (every replica shares it); this only repeats a refusal the database already gave.
 * Only untrusted attempts ask: a trusted device is never under the address budget.
 */
export function createAddressRefusals(maxEntries = 10_000) {
  const until = new Map<string, number>();
  return {
    /** Seconds until this address may try again, or null when it is not refused. */
    secondsLeft(address: string, now = Date.now()): number | null {
      const end = until.get(address);
      if (end === undefined) return null;
      if (end > now) return (end - now) / 1000;
      until.delete(address);
      return null;
    },
    remember(address: string, seconds: number, now = Date.now()): void {
      until.delete(address);
      until.set(address, now + seconds * 1000);
      // The oldest go first: a flood from many addresses cannot grow this without end.
      if (until.size > maxEntries) until.delete(until.keys().next().value!);
    },
  };
}

export type AddressRefusals = ReturnType<typeof createAddressRefusals>;
