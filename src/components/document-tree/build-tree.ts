/** One document in the sidebar: the flat rows the server sends. */
export interface TreeRow {
  id: string;
  parentId: string | null;
  title: string;
}

export interface TreeNode extends TreeRow {
  children: TreeNode[];
  depth: number;
}

/** Nests rows (already in sibling order) under their parents; orphans become top level. */
export function buildTree(rows: TreeRow[]): TreeNode[] {
  const nodes = new Map<string, TreeNode>();
  for (const row of rows) nodes.set(row.id, { ...row, children: [], depth: 0 });
  const roots: TreeNode[] = [];
  for (const row of rows) {
    const node = nodes.get(row.id);
    if (!node) continue;
    const parent = row.parentId ? nodes.get(row.parentId) : undefined;
    (parent ? parent.children : roots).push(node);
  }
  const setDepth = (list: TreeNode[], depth: number) => {
    for (const node of list) {
      node.depth = depth;
      setDepth(node.children, depth + 1);
    }
  };
  setDepth(roots, 0);
  return roots;
}

/** The ids of a node and everything under it (where it may not be moved). */
export function subtreeIds(node: TreeNode): Set<string> {
  const ids = new Set<string>([node.id]);
  const walk = (n: TreeNode) => n.children.forEach((child) => (ids.add(child.id), walk(child)));
  walk(node);
  return ids;
}

/** Depth-first order, for lists like the "Move to…" picker. */
export function flatten(nodes: TreeNode[]): TreeNode[] {
  return nodes.flatMap((node) => [node, ...flatten(node.children)]);
}

/** The rows a reader sees, top to bottom: depth-first, skipping the children of collapsed nodes. */
export function visibleNodes(nodes: TreeNode[], isExpanded: (id: string) => boolean): TreeNode[] {
  return nodes.flatMap((node) => [node, ...(isExpanded(node.id) ? visibleNodes(node.children, isExpanded) : [])]);
}
