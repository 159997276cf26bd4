import { describe, expect, it } from "vitest";
import * as Y from "yjs";
import { BODY_YTEXT } from "@/shared/editor-rules";
import { unsavedIn } from "./unsaved-changes";

/** A server document holding `text`, and a device copy synced with it. */
function syncedPair(text: string) {
  const server = new Y.Doc();
  server.getText(BODY_YTEXT).insert(0, text);
  const device = new Y.Doc();
  Y.applyUpdate(device, Y.encodeStateAsUpdate(server));
  return { server, device, serverBody: server.getText(BODY_YTEXT), deviceBody: device.getText(BODY_YTEXT) };
}

describe("unsavedIn", () => {
  it("finds nothing in a copy the server has all of, even when the server moved on", () => {
    const { server, device, serverBody } = syncedPair("Role base.\n");
    serverBody.insert(0, "Newer. ");
    expect(unsavedIn(device, server)).toBeNull();
  });

  it("finds what the device typed that the server never took, in document order, merged with the server's newer text", () => {
    const { server, device, serverBody, deviceBody } = syncedPair("Role base.\n");
    deviceBody.insert("Role base.".length, " typed-offline");
    deviceBody.insert(0, "Intro ");
    serverBody.insert("Role base.".length, " From the server.");
    const found = unsavedIn(device, server);
    expect(found?.passages).toEqual(["Intro", "typed-offline"]);
    expect(found?.text).toMatch(/^Intro Role base\.( typed-offline| From the server\.){2}\n$/);
    // Nothing is changed by looking.
    expect(serverBody.toString()).toBe("Role base. From the server.\n");
  });

  it("counts a deletion the server lacks as unsaved, with no passage to copy", () => {
    const { server, device, deviceBody } = syncedPair("Keep this. Drop this.\n");
    deviceBody.delete("Keep this.".length, " Drop this.".length);
    expect(unsavedIn(device, server)).toEqual({ passages: [], text: "Keep this.\n" });
  });

  it("counts changes that build on text the server no longer has (restored from a backup) as unsaved", () => {
    const { server, device, deviceBody } = syncedPair("Base.\n");
    const ahead = new Y.Doc();
    Y.applyUpdate(ahead, Y.encodeStateAsUpdate(server));
    ahead.getText(BODY_YTEXT).insert(0, "Lost by the server. ");
    Y.applyUpdate(device, Y.encodeStateAsUpdate(ahead));
    deviceBody.insert(0, "Mine. ");
    expect(unsavedIn(device, server)?.text).toBe("Mine. Lost by the server. Base.\n");
  });
});
