import type { Role } from "./roles";

/** What the UI may do with a workspace; mirrors server/policies/workspace-policy.ts. */
export interface WorkspaceAbilitiesDto {
  read: boolean;
  edit: boolean;
  manageMembers: boolean;
  manageSettings: boolean;
  rename: boolean;
  delete: boolean;
}

export interface WorkspaceDto {
  id: string;
  slug: string;
  name: string;
  role: Role;
  abilities: WorkspaceAbilitiesDto;
}

export interface MemberDto {
  userId: string;
  name: string;
  email: string;
  color: string;
  role: Role;
  joinedAt: string;
}

export interface ActorDto {
  id: string;
  name: string;
  email: string;
  color: string;
}
