import type { PasskeyDto } from "@/shared/dto";

/** A passkey as better-auth lists it; its public key and counter are left out here. */
export interface PasskeyRow {
  id: string;
  name?: string | null;
  createdAt?: Date | null;
  backedUp: boolean;
}

/** A passkey for Profile → Security. */
export function presentPasskey(row: PasskeyRow): PasskeyDto {
  return { id: row.id, name: row.name?.trim() || "Passkey", createdAt: (row.createdAt ?? new Date(0)).toISOString(), backedUp: row.backedUp };
}
