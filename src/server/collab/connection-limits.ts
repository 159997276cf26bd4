/** How many sockets /collab keeps open at once (COLLAB_MAX_CONNECTIONS_PER_SESSION, _PER_ADDRESS). */
export interface ConnectionLimits {
  /** Per signed-in session or API token: one a tab with a document open. */
  perSession: number;
  /** Per client address, whoever is behind it (the people of one office NAT share it). */
  perAddress: number;
}

/** Who holds a socket: its client address, and its session or token (null before sign-in, or with none). */
export interface SocketHolder {
  address: string;
  credential: string | null;
}

/**
 * Counts the open /collab sockets of each session (or API token) and each client address, and
 * admits a new one only while both are under their limits. Sockets, not rates: a network drop
 * frees its sockets as the server notices them gone, and the editor's reconnects are admitted
 * again as soon as they fit.
 */
export class ConnectionCounter {
  private readonly open = new Map<string, number>();
  private readonly held = new WeakMap<object, string[]>();

  constructor(private readonly limits: ConnectionLimits) {}

  /** Whether `address` already holds its limit; checked before the credentials are looked up. */
  isAddressFull(address: string): boolean {
    return this.count(addressKey(address)) >= this.limits.perAddress;
  }

  /** Counts `socket` for its holder when both counts have room; false when one is full (the socket is refused). */
  admit(socket: object, holder: SocketHolder): boolean {
    const keys = [addressKey(holder.address), ...(holder.credential ? [`credential:${holder.credential}`] : [])];
    const limits = [this.limits.perAddress, this.limits.perSession];
    if (keys.some((key, i) => this.count(key) >= (limits[i] ?? 0))) return false;
    for (const key of keys) this.open.set(key, this.count(key) + 1);
    this.held.set(socket, keys);
    return true;
  }

  /** Frees what `socket` held; a socket that was refused (or released already) holds nothing. */
  release(socket: object): void {
    for (const key of this.held.get(socket) ?? []) {
      const left = this.count(key) - 1;
      if (left > 0) this.open.set(key, left);
      else this.open.delete(key);
    }
    this.held.delete(socket);
  }

  private count(key: string): number {
    return this.open.get(key) ?? 0;
  }
}

function addressKey(address: string): string {
  return `address:${address}`;
}
