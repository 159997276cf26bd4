// Vitest runs server code outside React's react-server condition; `server-only` would throw.
export {};
