// TypeScript checks side-effect imports (docs/architecture.md "Stack notes"); CSS-only package entry points need a declaration.
declare module "quill-cursors/css";
