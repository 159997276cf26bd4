import { describe, expect, it } from "vitest";
import type { Role } from "@/shared/roles";
import { presentMembers } from "./present-member";

const joinedAt = new Date("2026-01-01T00:00:00Z");
const member = (userId: string, role: Role) => ({ userId, name: userId, email: `${userId}@example.com`, color: "#000", role, joinedAt });

describe("presentMembers", () => {
  it("gives an admin role menus (below admin) and Remove only for members below admin", async () => {
    const rows = [member("olive", "owner"), member("adam", "admin"), member("eddy", "editor")];
    const [owner, admin, editor] = presentMembers(rows, { id: "adam", role: "admin" });
    expect(owner).toMatchObject({ abilities: { changeRole: false, remove: false, leave: false }, roleOptions: [] });
    expect(admin).toMatchObject({ isSelf: true, abilities: { changeRole: false, remove: false, leave: true } });
    expect(editor).toMatchObject({ abilities: { changeRole: true, remove: true, leave: false }, roleOptions: ["viewer", "commenter", "editor"] });
  });

  it("keeps the only owner from leaving or demoting themselves, and says why", async () => {
    const [owner] = presentMembers([member("olive", "owner"), member("eddy", "editor")], { id: "olive", role: "owner" });
    expect(owner).toMatchObject({ isOnlyOwner: true, abilities: { changeRole: false, remove: false, leave: false }, roleOptions: [] });
  });

  it("lets one of two owners leave or step down", async () => {
    const [me, other] = presentMembers([member("olive", "owner"), member("otto", "owner")], { id: "olive", role: "owner" });
    expect(me).toMatchObject({ isOnlyOwner: false, abilities: { changeRole: true, leave: true } });
    expect(me?.roleOptions).toEqual(["viewer", "commenter", "editor", "admin", "owner"]);
    expect(other).toMatchObject({ abilities: { changeRole: true, remove: true } });
  });

  it("gives an editor the read-only list and Leave", async () => {
    const rows = presentMembers([member("olive", "owner"), member("eddy", "editor"), member("vic", "viewer")], { id: "eddy", role: "editor" });
    expect(rows.map((r) => r.abilities)).toEqual([
      { changeRole: false, remove: false, leave: false },
      { changeRole: false, remove: false, leave: true },
      { changeRole: false, remove: false, leave: false },
    ]);
  });
});
