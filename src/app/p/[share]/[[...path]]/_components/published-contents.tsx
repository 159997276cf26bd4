import type { PublishedContentsNode } from "@/shared/dto";

/**
 * The published tree, for links that include children, once the page has any: a list of the
 * page alone says nothing. Server components with no script: a sidebar from 1024 px
 * (`PublishedContents`), and below that a collapsed <details> under the title
 * (`PublishedContentsDisclosure`), so a phone shows the title first.
 */
export function PublishedContents({ root, currentId }: { root: PublishedContentsNode; currentId: string }) {
  if (root.children.length === 0) return null;
  return (
    <aside className="hidden w-64 shrink-0 lg:block">
      <nav aria-label="Contents" className="sticky top-6" data-testid="published-contents">
        <p className="mb-2 text-xs font-semibold uppercase tracking-wide text-muted">Contents</p>
        <Tree nodes={[root]} currentId={currentId} />
      </nav>
    </aside>
  );
}

export function PublishedContentsDisclosure({ root, currentId }: { root: PublishedContentsNode; currentId: string }) {
  if (root.children.length === 0) return null;
  return (
    <details className="mt-4 max-w-(--document-measure) rounded-lg border border-border lg:hidden">
      <summary className="cursor-pointer px-3 py-2 text-sm font-medium">Contents</summary>
      <nav aria-label="Contents" className="border-t border-border px-3 py-2">
        <Tree nodes={[root]} currentId={currentId} />
      </nav>
    </details>
  );
}

function Tree({ nodes, currentId }: { nodes: PublishedContentsNode[]; currentId: string }) {
  return (
    <ul className="flex flex-col gap-0.5 text-sm">
      {nodes.map((node) => (
        <li key={node.id}>
          {/* A plain link: a published page ships no router code of its own to hydrate. */}
          <a
            href={node.path}
            aria-current={node.id === currentId ? "page" : undefined}
            className="block rounded px-2 py-1.5 break-words hover:bg-surface aria-[current=page]:bg-accent-soft aria-[current=page]:font-medium"
          >
            {node.title}
          </a>
          {node.children.length > 0 ? (
            <div className="ml-3 border-l border-border pl-1">
              <Tree nodes={node.children} currentId={currentId} />
            </div>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
