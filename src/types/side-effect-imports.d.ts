// TypeScript checks side-effect imports (STACK.md); CSS-only package entry points need a declaration.
declare module "quill-cursors/css";
