export * from "./auth";
export * from "./workspaces";
export * from "./documents";
export * from "./sharing";
export * from "./history";
export * from "./api-tokens";
export * from "./audit";
export * from "./sso";
