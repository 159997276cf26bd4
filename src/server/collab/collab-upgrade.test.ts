import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startCollabHarness } from "@test/collab-harness";
import { buildDocument, buildWorkspace } from "@test/factories";
import { CLOSE_TOO_MANY_CONNECTIONS } from "@/shared/protocol/close-codes";
import { CLIENT_IP_HEADER } from "@/server/auth/client-ip";

// The socket limits on real WebSockets: past its session's or its address's limit a socket is
// closed at once with CLOSE_TOO_MANY_CONNECTIONS, and a closed socket makes room again.
let harness: Awaited<ReturnType<typeof startCollabHarness>>;
beforeAll(async () => {
  harness = await startCollabHarness({ limits: { perSession: 2, perAddress: 3 } });
});
afterAll(() => harness.stop());

const WITHIN = { interval: 50 };
const REFUSED = `closed: ${CLOSE_TOO_MANY_CONNECTIONS} Too many connections`;

async function personWithDocument(name: string) {
  const person = await harness.signedIn(name);
  const workspace = await buildWorkspace(harness.db.db, [{ actor: person.actor, role: "owner" }]);
  return { person, document: await buildDocument(harness.db.db, workspace.id) };
}

describe("/collab connection limits", () => {
  it("refuses a session's socket past its limit with the close code, and admits its retry once one has closed", async () => {
    const { person, document } = await personWithDocument("Many tabs");
    const from = (address: string) => ({ "x-test-identity": person.key, [CLIENT_IP_HEADER]: address });
    const first = harness.connectWith(document.id, from("203.0.113.1"));
    const second = harness.connectWith(document.id, from("203.0.113.2"));
    await expect.poll(() => first.isSynced() && second.isSynced(), WITHIN).toBe(true);
    const third = harness.connectWith(document.id, from("203.0.113.3"));
    try {
      await expect.poll(() => third.events, WITHIN).toContain(REFUSED);
      expect(third.isSynced()).toBe(false);
      first.close();
      // The provider retries on its own (1 s, doubling): the freed place is taken.
      await expect.poll(() => third.isSynced(), { interval: 100 }).toBe(true);
    } finally {
      for (const client of [first, second, third]) client.close();
    }
  });

  it("refuses an address's socket past its limit, whoever's it is, and no one's elsewhere", async () => {
    const people = await Promise.all(["Ann", "Ben", "Cy", "Di"].map(personWithDocument));
    const office = (i: number) => ({ "x-test-identity": people[i]?.person.key ?? "", [CLIENT_IP_HEADER]: "198.51.100.7" });
    const clients = [0, 1, 2].map((i) => harness.connectWith(people[i]?.document.id ?? "", office(i)));
    await expect.poll(() => clients.every((client) => client.isSynced()), WITHIN).toBe(true);
    const fourth = harness.connectWith(people[3]?.document.id ?? "", office(3));
    const elsewhere = harness.connectWith(people[3]?.document.id ?? "", { "x-test-identity": people[3]?.person.key ?? "", [CLIENT_IP_HEADER]: "192.0.2.1" });
    try {
      await expect.poll(() => fourth.events, WITHIN).toContain(REFUSED);
      await expect.poll(() => elsewhere.isSynced(), WITHIN).toBe(true);
    } finally {
      for (const client of [...clients, fourth, elsewhere]) client.close();
    }
  });
});
