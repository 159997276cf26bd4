import { describe, expect, it } from "vitest";
import { ConnectionCounter } from "./connection-limits";

const limits = { perSession: 2, perAddress: 3 };

describe("ConnectionCounter", () => {
  it("admits a session's sockets up to its limit, and again once one is released", () => {
    const counter = new ConnectionCounter(limits);
    const [a, b, c] = [{}, {}, {}];
    const alice = { address: "203.0.113.7", credential: "session:alice" };
    expect(counter.admit(a, alice)).toBe(true);
    expect(counter.admit(b, alice)).toBe(true);
    expect(counter.admit(c, alice)).toBe(false);
    counter.release(c); // a refused socket frees nothing
    expect(counter.admit(c, alice)).toBe(false);
    counter.release(a);
    counter.release(a); // nor does releasing twice
    expect(counter.admit(c, alice)).toBe(true);
    expect(counter.admit({}, { ...alice, address: "198.51.100.2" })).toBe(false);
  });

  it("admits an address's sockets up to its limit, whatever the sessions, and no further from anyone there", () => {
    const counter = new ConnectionCounter(limits);
    const office = "203.0.113.7";
    expect(counter.admit({}, { address: office, credential: "session:alice" })).toBe(true);
    expect(counter.admit({}, { address: office, credential: "session:bob" })).toBe(true);
    expect(counter.isAddressFull(office)).toBe(false);
    expect(counter.admit({}, { address: office, credential: null })).toBe(true);
    expect(counter.isAddressFull(office)).toBe(true);
    expect(counter.admit({}, { address: office, credential: "session:carol" })).toBe(false);
    expect(counter.admit({}, { address: "198.51.100.2", credential: "session:carol" })).toBe(true);
  });
});
