/**
 * A per-process allowance of bytes held at once (request bodies buffered before they are
 * authenticated), charged as the bytes arrive rather than for what a request declares: a connection
 * that announces 32 MB and sends 1 KB holds 1 KB. One client (address) may hold at most
 * `perClientCapacity` of it, so a single address cannot take the whole budget. Nothing waits: a charge
 * that does not fit is refused.
 */
export class ByteBudget {
  private inUse = 0;
  private readonly byClient = new Map<string, number>();

  constructor(
    readonly capacity: number,
    readonly perClientCapacity: number = capacity
  ) {}

  /** Bytes held now, by every account together. */
  get reserved(): number {
    return this.inUse;
  }

  /** Bytes held now by one client's accounts. */
  reservedBy(client: string): number {
    return this.byClient.get(client) ?? 0;
  }

  /** An account for one body of `client`: charge it chunk by chunk, release it once the body is done with. */
  open(client: string): BodyAccount {
    let charged = 0;
    let released = false;
    return {
      get charged() {
        return charged;
      },
      charge: (bytes: number) => {
        if (released || bytes < 0) return false;
        const clientTotal = this.reservedBy(client) + bytes;
        if (this.inUse + bytes > this.capacity || clientTotal > this.perClientCapacity) return false;
        this.inUse += bytes;
        this.byClient.set(client, clientTotal);
        charged += bytes;
        return true;
      },
      release: () => {
        if (released) return;
        released = true;
        this.inUse -= charged;
        const left = this.reservedBy(client) - charged;
        // Clients with nothing held are forgotten, so the map stays as small as the bodies in flight.
        if (left > 0) this.byClient.set(client, left);
        else this.byClient.delete(client);
        charged = 0;
      },
    };
  }
}

/** One body's share of a ByteBudget. */
export interface BodyAccount {
  /** Bytes this account holds. */
  readonly charged: number;
  /** Adds `bytes` when they fit both the budget and the client's share; false (nothing added) otherwise. */
  charge(bytes: number): boolean;
  /** Gives back everything charged (safe to call twice); later charges are refused. */
  release(): void;
}
