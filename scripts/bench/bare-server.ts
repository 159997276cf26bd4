import fs from "node:fs";
import http from "node:http";

// The baseline for the render benchmark: a bare Node server answering the page's exact bytes
// from memory. It runs in its own process, like Quire's server, so neither shares an event
// loop with autocannon. Usage: bare-server.ts <html-file>; prints "listening <port>".
const file = process.argv[2];
if (!file) throw new Error("usage: bare-server.ts <html-file>");
const body = fs.readFileSync(file);
const server = http.createServer((_request, response) => {
  response.writeHead(200, { "content-type": "text/html; charset=utf-8", "content-length": body.length });
  response.end(body);
});
server.listen(0, "127.0.0.1", () => {
  const address = server.address();
  if (typeof address === "object" && address) console.log(`listening ${address.port}`);
});
process.on("SIGTERM", () => {
  server.close(() => process.exit(0));
  server.closeAllConnections();
});
